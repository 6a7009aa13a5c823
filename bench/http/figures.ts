import { median, table } from '../stats.js';

/** One row of the targets table: a measured value against its same-run baseline. */
export interface Figure {
  section: string;
  what: string;
  unit: 'req/s' | 'ms' | 'connections/s' | 'calls' | 'round trips';
  value: number;
  /** The same-run baseline, or null when the target is absolute (a count). */
  baseline: number | null;
  baselineWhat: string | null;
  /** value / baseline, or null without a baseline. */
  ratio: number | null;
  target: string;
  /** Null when the figure is information only (no target of its own). */
  met: boolean | null;
  /** Every repetition, so a reader can judge the spread behind the median. */
  samples: number[];
  baselineSamples: number[];
}

export function ratioOf(value: number, baseline: number): number {
  return baseline === 0 ? 0 : value / baseline;
}

/** A figure with an absolute target and no baseline: the median of its samples (the sum, for counts). */
export function absoluteFigure(
  section: string,
  what: string,
  unit: Figure['unit'],
  samples: number[],
  verdict: { target: string; met: boolean | null },
): Figure {
  const value = unit === 'calls' ? samples.reduce((sum, sample) => sum + sample, 0) : median(samples);
  return {
    section,
    what,
    unit,
    value,
    baseline: null,
    baselineWhat: null,
    ratio: null,
    ...verdict,
    samples,
    baselineSamples: [],
  };
}

function formatValue(value: number, unit: Figure['unit']): string {
  if (unit === 'ms') return `${value.toFixed(1)} ms`;
  if (unit === 'calls') return String(value);
  if (unit === 'round trips') return `${value.toFixed(1)} round trips`;
  return `${Math.round(value).toLocaleString('en-US')} ${unit}`;
}

export function figuresTable(figures: readonly Figure[]): string {
  return table(
    ['what', 'measured', 'baseline', 'ratio', 'target', 'verdict'],
    figures.map((figure) => [
      figure.what,
      formatValue(figure.value, figure.unit),
      figure.baseline === null ? '-' : `${formatValue(figure.baseline, figure.unit)} (${figure.baselineWhat ?? ''})`,
      figure.ratio === null ? '-' : figure.ratio.toFixed(4),
      figure.target,
      figure.met === null ? 'info' : figure.met ? 'met' : 'NOT met',
    ]),
  );
}
