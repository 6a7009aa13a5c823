import type { AttachmentInput } from '../../../shared/contracts/evidence';
import { completionRateOf } from '../../../shared/evidence-rules';

export interface ManualEvidenceInput {
  /** The check's fixed checklist; empty for a manual check without one. */
  items: readonly string[];
  /** Whether each item is ticked, by position. */
  checked: readonly boolean[];
  fileIds: readonly string[];
  submittedAt: Date;
}

/**
 * The manual evidence card's attachment (part 1 §3): every item with whether it is ticked, the completion
 * as 'done/total', the acknowledgement and when it was given, and the uploaded files.
 */
export function manualAttachment({ items, checked, fileIds, submittedAt }: ManualEvidenceInput): AttachmentInput {
  const checklistItems = items.map((item, index) => ({ item, checked: checked[index] ?? false }));
  return {
    type: fileIds.length > 0 ? 'document' : 'note',
    ...(checklistItems.length > 0 ? { checklistItems, completionRate: completionRateOf(checklistItems) } : {}),
    userAcknowledgment: true,
    submissionTimestamp: submittedAt.toISOString(),
    ...(fileIds.length > 0 ? { fileIds: [...fileIds] } : {}),
  };
}
