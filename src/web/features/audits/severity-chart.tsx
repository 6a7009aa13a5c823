import { useId } from 'react';
import type { Audit } from '../../../shared/contracts/audits';
import { failuresBySeverity } from './audit-summary';
import { SEVERITY_STYLES } from './audit-badges';

type Counts = Pick<Audit, 'criticalIssues' | 'highIssues' | 'mediumIssues' | 'lowIssues'>;

/**
 * Failed checks per severity as horizontal bars. Plain markup rather than a chart library: four bars
 * do not justify the weight, and the list stays readable to screen readers as it is.
 */
export function SeverityChart({ audit }: { audit: Counts }) {
  const captionId = useId();
  const data = failuresBySeverity(audit);
  const max = Math.max(1, ...data.map((item) => item.count));
  const total = data.reduce((sum, item) => sum + item.count, 0);
  return (
    <figure aria-labelledby={captionId} className="grid gap-3">
      <figcaption id={captionId} className="text-sm font-medium">
        Failed checks by severity{total === 0 ? ': none' : ''}
      </figcaption>
      <ul className="grid gap-2.5">
        {data.map((item) => (
          <li key={item.severity} className="grid grid-cols-[4.5rem_1fr_2rem] items-center gap-2 text-sm">
            <span className="text-muted-foreground">{item.label}</span>
            <span className="h-4 overflow-hidden rounded bg-muted" aria-hidden="true">
              <span
                className="block h-full rounded"
                style={{ width: `${(item.count / max) * 100}%`, background: SEVERITY_STYLES[item.severity].fill }}
              />
            </span>
            <span className="text-right font-semibold tabular-nums">
              {item.count}
              <span className="sr-only"> failed</span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
