import { TrendingUp } from 'lucide-react';
import type { Audit } from '../../../shared/contracts/audits';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { scoreTrend } from './audit-summary';
import { formatDate, formatDateTime } from '../../lib/format-date';

const WIDTH = 300;
const HEIGHT = 120;
const PAD = { top: 10, right: 10, bottom: 10, left: 26 };

function trendSentence(points: { score: number }[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined) return 'No completed audits yet.';
  if (points.length === 1) return `One completed audit so far, scoring ${last.score}. Run another to see a trend.`;
  const change = last.score - first.score;
  const direction = change > 0 ? `up ${change} points` : change < 0 ? `down ${-change} points` : 'unchanged';
  return `From ${first.score} to ${last.score} over ${points.length} audits: ${direction}.`;
}

/** A small line of scores over time; the sentence above it and the hidden list carry the same facts in words. */
function TrendLine({ points }: { points: { date: string; score: number }[] }) {
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (points.length === 1 ? innerWidth / 2 : (index * innerWidth) / (points.length - 1));
  const y = (score: number) => PAD.top + innerHeight - (score / 100) * innerHeight;
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'} ${x(index)} ${y(point.score)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-32 w-full" aria-hidden="true">
      {[0, 50, 100].map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(tick)}
            y2={y(tick)}
            stroke="var(--color-border)"
            strokeDasharray="3 3"
          />
          <text x={PAD.left - 6} y={y(tick) + 3} textAnchor="end" className="fill-muted-foreground text-[9px]">
            {tick}
          </text>
        </g>
      ))}
      <path d={path} fill="none" stroke="var(--color-primary)" strokeWidth="2" strokeLinejoin="round" />
      {points.map((point, index) => (
        <circle key={point.date} cx={x(index)} cy={y(point.score)} r="3.5" fill="var(--color-primary)">
          <title>{`${formatDate(point.date)}: ${point.score}/100`}</title>
        </circle>
      ))}
    </svg>
  );
}

/** The risk score across the server's completed audits, oldest first. */
export function ScoreTrendCard({ audits }: { audits: readonly Audit[] }) {
  const points = scoreTrend(audits);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <TrendingUp className="size-4 text-primary" aria-hidden="true" />
          Score Trend
        </CardTitle>
        <CardDescription>{trendSentence(points)}</CardDescription>
      </CardHeader>
      <CardContent>
        {points.length > 1 && <TrendLine points={points} />}
        <ol className="sr-only" aria-label="Scores by date">
          {points.map((point) => (
            <li key={point.date}>{`${formatDateTime(point.date)}: ${point.score} out of 100`}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
