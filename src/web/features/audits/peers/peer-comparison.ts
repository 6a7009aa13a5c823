import type { PeerComparison } from '../../../../shared/contracts/audit-insights';
import { MEMBER_COUNT_BANDS } from '../../../../shared/monitoring-rules';

type Peers = NonNullable<PeerComparison['peers']>;

export const NOT_ENOUGH_PEERS_TEXT = 'Not enough similar servers yet to compare.';

/** A band's words ('100–999 members'), whether the server names the band by its id or by its label. */
export function bandLabel(band: string): string {
  return MEMBER_COUNT_BANDS.find((item) => item.id === band)?.label ?? band;
}

/** 'Your score is higher than 72% of servers your size (100–999 members, 14 servers)'. */
export function peerStandingSentence(peers: Peers): string {
  return `Your score is higher than ${peers.percentile}% of servers your size (${bandLabel(peers.band)}, ${peers.peerCount} servers)`;
}

/** The line under a check: '82% of servers your size pass this'. */
export function peerPassSentence(passShare: number): string {
  return `${passShare}% of servers your size pass this`;
}

/** Each check's pass share among peers; empty when there are too few peers to say anything. */
export function peerPassShares(comparison: PeerComparison | undefined): ReadonlyMap<string, number> {
  const peers = comparison?.peers;
  if (peers === undefined || peers === null) return new Map();
  return new Map(peers.checks.map((check) => [check.checkId, check.passShare]));
}
