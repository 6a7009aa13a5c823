import { Gauge, UserPen } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Audit } from '../../../shared/contracts/audits';
import { ScoreGauge } from './score-gauge';
import { SeverityChart } from './severity-chart';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

/** Score with its risk label, passed, failed and critical counts, and failures by severity. */
interface RiskAssessmentCardProps {
  audit: Audit;
  title?: string;
  /** The results page shows the score as a percent. */
  unit?: '' | '%';
  /** Under the score, across the card (the peer comparison). */
  footer?: ReactNode;
}

export function RiskAssessmentCard({ audit, title = 'Risk Assessment', unit = '', footer }: RiskAssessmentCardProps) {
  const facts = [
    { label: 'Passed', value: audit.passedChecks, className: 'text-success' },
    { label: 'Failed', value: audit.failedChecks, className: 'text-destructive' },
    { label: 'Critical', value: audit.criticalIssues, className: audit.criticalIssues > 0 ? 'text-destructive' : '' },
    { label: 'Unknown', value: audit.unknownChecks, className: 'text-muted-foreground' },
  ];
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Gauge className="size-4 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid items-center gap-6 md:grid-cols-[minmax(0,14rem)_1fr]">
        <div className="grid gap-4">
          <ScoreGauge score={audit.riskScore ?? 0} unit={unit} />
          <dl className="grid grid-cols-4 gap-2 text-center">
            {facts.map((fact) => (
              <div key={fact.label} className="grid gap-0.5">
                <dt className="text-xs text-muted-foreground">{fact.label}</dt>
                <dd className={`text-lg font-bold tabular-nums ${fact.className}`}>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <SeverityChart audit={audit} />
        {audit.selfAttestedRiskScore !== null && (
          <p className="flex items-start gap-2 rounded-md border border-warning/60 bg-warning/10 px-3 py-2 text-sm md:col-span-2">
            <UserPen className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              The score counts only Rampart&apos;s findings and staff decisions. With{' '}
              {audit.selfAttestedOverrides === 1
                ? '1 self-attested override'
                : `${audit.selfAttestedOverrides} self-attested overrides`}{' '}
              the owner claims {audit.selfAttestedRiskScore}
              {unit}; self-attested overrides are not verified and do not count toward a certificate.
            </span>
          </p>
        )}
        {footer}
      </CardContent>
    </Card>
  );
}
