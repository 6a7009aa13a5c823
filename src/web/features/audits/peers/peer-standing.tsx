import { Users } from 'lucide-react';
import type { PeerComparison } from '../../../../shared/contracts/audit-insights';
import { NOT_ENOUGH_PEERS_TEXT, peerStandingSentence } from './peer-comparison';

interface PeerStandingProps {
  comparison: PeerComparison | undefined;
  /** The results page says so when there are too few peers; elsewhere nothing is shown. */
  showUnavailable: boolean;
}

/** Where the score stands among servers of a similar size, from aggregates only. */
export function PeerStanding({ comparison, showUnavailable }: PeerStandingProps) {
  if (comparison === undefined) return null;
  if (comparison.peers === null) {
    return showUnavailable ? (
      <p className="text-sm text-muted-foreground md:col-span-2">{NOT_ENOUGH_PEERS_TEXT}</p>
    ) : null;
  }
  return (
    <p className="flex items-start gap-2 rounded-md border bg-muted/30 px-3 py-2 text-sm md:col-span-2">
      <Users className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>{peerStandingSentence(comparison.peers)}.</span>
    </p>
  );
}
