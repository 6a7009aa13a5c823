import { TrendingUp } from 'lucide-react';
import type { Audit } from '../../../shared/contracts/audits';
import type { DriftAlert } from '../../../shared/contracts/monitoring';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { driftAlertLabel, type ScorePoint, scoreHistory, TRIGGER_LABEL, trendSentence } from './score-history';

const WIDTH = 300;
const HEIGHT = 130;
const PAD = { top: 20, right: 12, bottom: 10, left: 26 };
const MARKER_SIZE = 6;

function pointTitle(point: ScorePoint): string {
  const base = `${formatDate(point.date)}: ${point.score}/100, ${TRIGGER_LABEL[point.trigger].toLowerCase()}`;
  return point.alert === null ? base : `${base}. ${driftAlertLabel(point.alert)}`;
}

/**
 * Scores over time: manual audits as filled dots, scheduled ones as rings, a red triangle above each audit
 * that raised a drift alert. Hidden from screen readers; the table beside it carries the same facts.
 */
function TrendLine({ points }: { points: readonly ScorePoint[] }) {
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (points.length === 1 ? innerWidth / 2 : (index * innerWidth) / (points.length - 1));
  const y = (score: number) => PAD.top + innerHeight - (score / 100) * innerHeight;
  const path = points.map((point, index) => `${index === 0 ? 'M' : 'L'} ${x(index)} ${y(point.score)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-36 w-full" aria-hidden="true">
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
        <g key={point.auditId} data-trigger={point.trigger}>
          <circle
            cx={x(index)}
            cy={y(point.score)}
            r="3.5"
            fill={point.trigger === 'scheduled' ? 'var(--color-card)' : 'var(--color-primary)'}
            stroke="var(--color-primary)"
            strokeWidth="1.5"
          >
            <title>{pointTitle(point)}</title>
          </circle>
          {point.alert !== null && (
            <path
              data-marker="drift-alert"
              d={`M ${x(index)} ${y(point.score) - 7} l ${-MARKER_SIZE / 1.5} ${-MARKER_SIZE} h ${(MARKER_SIZE * 4) / 3} z`}
              fill="var(--color-destructive)"
            >
              <title>{driftAlertLabel(point.alert)}</title>
            </path>
          )}
        </g>
      ))}
    </svg>
  );
}

function Legend({ alerts }: { alerts: number }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Chart legend">
      <li className="flex items-center gap-1.5">
        <span className="size-2 rounded-full bg-primary" aria-hidden="true" />
        {TRIGGER_LABEL.manual}
      </li>
      <li className="flex items-center gap-1.5">
        <span className="size-2 rounded-full border-[1.5px] border-primary" aria-hidden="true" />
        {TRIGGER_LABEL.scheduled}
      </li>
      {alerts > 0 && (
        <li className="flex items-center gap-1.5">
          <span
            className="size-0 border-x-4 border-t-[6px] border-x-transparent border-t-destructive"
            aria-hidden="true"
          />
          {alerts === 1 ? '1 drift alert' : `${alerts} drift alerts`}
        </li>
      )}
    </ul>
  );
}

/** The same points in words, for screen readers. */
function ScoreTable({ points }: { points: readonly ScorePoint[] }) {
  return (
    <table className="sr-only">
      <caption>Scores by date</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Score</th>
          <th scope="col">Audit</th>
          <th scope="col">Alert</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.auditId}>
            <td>{formatDateTime(point.date)}</td>
            <td>{`${point.score} out of 100`}</td>
            <td>{TRIGGER_LABEL[point.trigger]}</td>
            <td>{point.alert === null ? 'None' : driftAlertLabel(point.alert)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The risk score across the server's completed audits, oldest first, with the drift alerts they raised. */
export function ScoreTrendCard({ audits, alerts = [] }: { audits: readonly Audit[]; alerts?: readonly DriftAlert[] }) {
  const points = scoreHistory(audits, alerts);
  const alertCount = points.filter((point) => point.alert !== null).length;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <TrendingUp className="size-4 text-primary" aria-hidden="true" />
          Score Trend
        </CardTitle>
        <CardDescription>{trendSentence(points)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {points.length > 1 && (
          <>
            <TrendLine points={points} />
            <Legend alerts={alertCount} />
          </>
        )}
        <ScoreTable points={points} />
      </CardContent>
    </Card>
  );
}
