import type { Audit } from '../../../shared/contracts/audits';
import { Card, CardContent } from '../../components/ui/card';
import { cn } from '../../lib/utils';
import { scoreTone, totalChecksOf, type ScoreTone } from './engineer-rules';

// The theme's status colours, tuned for text contrast on cards in both themes.
const TONE_CLASS: Record<ScoreTone, string> = {
  good: 'text-success',
  fair: 'text-warning',
  poor: 'text-destructive',
};

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('text-3xl font-bold tabular-nums', className)}>{value}</dd>
    </div>
  );
}

/** The selected audit's numbers of record: score (coloured by band), failed checks and the checklist's size. */
export function EngineerSummary({ audit }: { audit: Audit }) {
  const score = audit.riskScore;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <dl className="grid grid-cols-3 gap-4" aria-label="Audit summary">
          <Figure
            label="Score"
            value={score === null ? '–' : `${score}/100`}
            className={score === null ? undefined : TONE_CLASS[scoreTone(score)]}
          />
          <Figure label="Failed checks" value={String(audit.failedChecks)} />
          <Figure label="Total checks" value={String(totalChecksOf(audit))} />
        </dl>
        {audit.selfAttestedRiskScore !== null && (
          <p className="rounded-md border border-warning/60 bg-warning/10 px-3 py-2 text-sm">
            With the owner&apos;s {audit.selfAttestedOverrides} self-attested override
            {audit.selfAttestedOverrides === 1 ? '' : 's'} the score would be {audit.selfAttestedRiskScore}/100. They
            are not verified by Rampart, so they count neither in the score above nor toward a certificate.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
