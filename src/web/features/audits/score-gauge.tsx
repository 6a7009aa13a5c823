import { riskLabel } from '../../../shared/check-rules';
import { cn } from '../../lib/utils';

const RADIUS = 40;
const ARC_LENGTH = Math.PI * RADIUS;

function scoreColor(score: number): string {
  if (score >= 80) return 'var(--color-success)';
  if (score >= 60) return 'var(--color-warning)';
  if (score >= 40) return 'oklch(0.7 0.17 50)';
  return 'var(--color-destructive)';
}

/** The risk score as a half-circle gauge with its detail-page label. */
export function ScoreGauge({ score, unit = '', className }: { score: number; unit?: '' | '%'; className?: string }) {
  const clamped = Math.min(100, Math.max(0, score));
  const label = riskLabel(clamped);
  return (
    <figure className={cn('flex flex-col items-center gap-1', className)}>
      <svg
        viewBox="0 0 100 56"
        className="w-full max-w-52"
        role="img"
        aria-label={`Security score ${clamped} out of 100, ${label}`}
      >
        <path
          d="M 10 50 A 40 40 0 0 1 90 50"
          fill="none"
          stroke="var(--color-muted)"
          strokeWidth="9"
          strokeLinecap="round"
        />
        <path
          d="M 10 50 A 40 40 0 0 1 90 50"
          fill="none"
          stroke={scoreColor(clamped)}
          strokeWidth="9"
          strokeLinecap="round"
          strokeDasharray={`${(ARC_LENGTH * clamped) / 100} ${ARC_LENGTH}`}
        />
        <text x="50" y="46" textAnchor="middle" className="fill-foreground text-[20px] font-bold" aria-hidden="true">
          {`${clamped}${unit}`}
        </text>
      </svg>
      <figcaption className="text-sm font-medium" style={{ color: scoreColor(clamped) }}>
        {label}
      </figcaption>
    </figure>
  );
}
