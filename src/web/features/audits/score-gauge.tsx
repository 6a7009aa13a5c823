import { riskLabel } from '../../../shared/check-rules';
import { cn } from '../../lib/utils';
import { SEVERITY_STYLES } from './audit-badges';

const RADIUS = 40;
const ARC_LENGTH = Math.PI * RADIUS;

interface ScoreTone {
  stroke: string;
  /** The arc's orange is too light for text on a light card (2.8:1), so the label has its own colour. */
  text: string;
}

function scoreTone(score: number): ScoreTone {
  if (score >= 80) return { stroke: 'var(--color-success)', text: 'text-success' };
  if (score >= 60) return { stroke: 'var(--color-warning)', text: 'text-warning' };
  if (score >= 40) return { stroke: SEVERITY_STYLES.HIGH.fill, text: 'text-orange-800 dark:text-orange-300' };
  return { stroke: 'var(--color-destructive)', text: 'text-destructive' };
}

/** The risk score as a half-circle gauge with its detail-page label. */
export function ScoreGauge({ score, unit = '', className }: { score: number; unit?: '' | '%'; className?: string }) {
  const clamped = Math.min(100, Math.max(0, score));
  const label = riskLabel(clamped);
  const tone = scoreTone(clamped);
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
          stroke={tone.stroke}
          strokeWidth="9"
          strokeLinecap="round"
          strokeDasharray={`${(ARC_LENGTH * clamped) / 100} ${ARC_LENGTH}`}
        />
        <text x="50" y="46" textAnchor="middle" className="fill-foreground text-[20px] font-bold" aria-hidden="true">
          {`${clamped}${unit}`}
        </text>
      </svg>
      <figcaption className={cn('text-sm font-medium', tone.text)}>{label}</figcaption>
    </figure>
  );
}
