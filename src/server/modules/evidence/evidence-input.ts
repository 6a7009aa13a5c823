import type { AttachmentInput } from '../../../shared/contracts/evidence.js';
import {
  completionRateOf,
  EVIDENCE_FILES_PER_MESSAGE,
  type EvidenceType,
  manualChecklistFor,
} from '../../../shared/evidence-rules.js';
import { AppError } from '../../errors.js';

export const DESCRIPTION_REQUIRED = 'Description Required: Please provide a description of your evidence.';
export const ACKNOWLEDGMENT_REQUIRED =
  'Acknowledgment Required: Please acknowledge that you understand the security implications.';
export const TOO_MANY_FILES = `A message can carry at most ${EVIDENCE_FILES_PER_MESSAGE} files.`;

export interface EvidenceInput {
  checkId: string;
  /** The check asks for the manual evidence card (its own flag, or one of the fixed checklists). */
  requiresManualEvidence: boolean;
  content: string;
  description?: string | undefined;
  attachments?: readonly AttachmentInput[] | undefined;
}

const bad = (message: string) => new AppError('BAD_REQUEST', message);

/** The submission's kind: the first attachment's, as the Submit Evidence dialog sends it; a plain text otherwise. */
export function submissionType(attachments: readonly AttachmentInput[] | undefined): EvidenceType {
  return attachments?.[0]?.type ?? 'note';
}

/** The distinct files the attachments claim, refused beyond the per-message limit. */
export function fileIdsOf(attachments: readonly AttachmentInput[] | undefined): string[] {
  const ids = [...new Set((attachments ?? []).flatMap((attachment) => attachment.fileIds ?? []))];
  if (ids.length > EVIDENCE_FILES_PER_MESSAGE) throw bad(TOO_MANY_FILES);
  return ids;
}

/** Any message's attachments: a checklist's completion rate, when given, must be what the checklist says. */
export function validateAttachments(attachments: readonly AttachmentInput[] | undefined): void {
  fileIdsOf(attachments);
  for (const attachment of attachments ?? []) {
    const items = attachment.checklistItems;
    if (attachment.completionRate === undefined) continue;
    const expected = completionRateOf(items ?? []);
    if (attachment.completionRate !== expected) throw bad(`completionRate must be ${expected}, as the checklist says.`);
  }
}

/**
 * Evidence on a check (part 1 §3): configuration data must be JSON; the manual evidence card needs a
 * description and the acknowledgment, and on the three fixed-list checks exactly that list with its rate.
 */
export function validateEvidence(input: EvidenceInput): void {
  fileIdsOf(input.attachments);
  if (submissionType(input.attachments) === 'json') {
    try {
      JSON.parse(input.content);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw bad(`Configuration Data must be valid JSON (${reason}).`);
    }
  }
  const checklist = manualChecklistFor(input.checkId);
  if (input.requiresManualEvidence || checklist !== undefined) {
    if ((input.description ?? '').trim() === '') throw bad(DESCRIPTION_REQUIRED);
    const acknowledged = input.attachments?.find((attachment) => attachment.userAcknowledgment === true);
    if (acknowledged === undefined) throw bad(ACKNOWLEDGMENT_REQUIRED);
    if (checklist !== undefined) validateChecklist(checklist, acknowledged);
  }
  validateAttachments(input.attachments);
}

function validateChecklist(checklist: readonly string[], acknowledged: AttachmentInput): void {
  const items = acknowledged.checklistItems ?? [];
  const sameList = items.length === checklist.length && items.every((entry, index) => entry.item === checklist[index]);
  if (!sameList) throw bad(`The checklist must list this check's ${checklist.length} items, in order.`);
  if (acknowledged.completionRate !== completionRateOf(items))
    throw bad(`completionRate must be ${completionRateOf(items)}, as the checklist says.`);
}
