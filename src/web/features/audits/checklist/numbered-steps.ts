const STEP_MARKER = /(?:^|\s)(\d{1,2})\.\s+/g;

/**
 * Splits a remediation written as "1. Do this. 2. Then that." into its steps, or returns null when
 * the text is not such a list (it must start at 1 and count up by one, so "version 2. Then" is prose).
 */
export function numberedSteps(text: string): string[] | null {
  const markers = [...text.trim().matchAll(STEP_MARKER)];
  if (markers.length < 2 || markers[0]?.index !== 0) return null;
  const trimmed = text.trim();
  const steps: string[] = [];
  for (const [position, marker] of markers.entries()) {
    if (Number(marker[1]) !== position + 1) return null;
    const next = markers[position + 1];
    const step = trimmed.slice(marker.index + marker[0].length, next === undefined ? undefined : next.index).trim();
    if (step === '') return null;
    steps.push(step);
  }
  return steps;
}
