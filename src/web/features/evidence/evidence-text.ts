import { EVIDENCE_PREVIEW_LENGTH, type EvidenceStatus } from '../../../shared/evidence-rules';

/** Configuration data pretty-printed, or null when the text is not JSON. */
export function prettyJson(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

/** Why configuration data cannot be sent, said before it is; null when it parses. */
export function jsonProblem(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const detail = error instanceof Error ? ` (${error.message})` : '';
    return `Configuration data must be valid JSON${detail}.`;
  }
}

/** The first 200 characters of a submission, with an ellipsis when cut. */
export function previewOf(content: string): string {
  const chars = Array.from(content);
  return chars.length <= EVIDENCE_PREVIEW_LENGTH ? content : `${chars.slice(0, EVIDENCE_PREVIEW_LENGTH).join('')}…`;
}

export interface EvidenceCounts {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
}

export function countEvidence(items: readonly { status: EvidenceStatus }[]): EvidenceCounts {
  return {
    total: items.length,
    pending: items.filter((item) => item.status === 'PENDING').length,
    approved: items.filter((item) => item.status === 'APPROVED').length,
    rejected: items.filter((item) => item.status === 'REJECTED').length,
  };
}
