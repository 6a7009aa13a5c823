import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AttachmentInput } from '../../../shared/contracts/evidence.js';
import { EVIDENCE_IMAGE_MEDIA_TYPES } from '../../../shared/evidence-rules.js';
import type { Database } from '../../db/client.js';
import { evidenceFiles, type StoredAttachment } from '../../db/schema-evidence.js';
import { AppError } from '../../errors.js';
import { fileIdsOf } from './evidence-input.js';

export const FILES_NOT_CLAIMABLE =
  'Some attached files were not found: upload them again (a file can be attached once, by whoever uploaded it).';
export const SCREENSHOT_NOT_IMAGE = 'A screenshot must be a PNG, JPEG or WebP image.';

type Transaction = Pick<Database, 'update'>;

/** The attachments as stored on the message: every file by id, the rest as sent. */
export function storedAttachments(attachments: readonly AttachmentInput[] | undefined): StoredAttachment[] {
  return (attachments ?? []).map(({ fileIds, ...rest }) => ({ ...rest, fileIds: fileIds ?? [] }));
}

/**
 * Gives the caller's unattached uploads to the message, in the transaction that writes it: a file that is
 * someone else's, already attached or unknown fails the whole message (400), so nothing is half written.
 */
export async function claimFiles(
  tx: Transaction,
  options: { messageId: string; uploaderId: string; attachments: readonly AttachmentInput[] | undefined },
): Promise<void> {
  const ids = fileIdsOf(options.attachments);
  if (ids.length === 0) return;
  const claimed = await tx
    .update(evidenceFiles)
    .set({ messageId: options.messageId })
    .where(
      and(
        inArray(evidenceFiles.id, ids),
        eq(evidenceFiles.uploadedByUserId, options.uploaderId),
        isNull(evidenceFiles.messageId),
      ),
    )
    .returning({ id: evidenceFiles.id, mediaType: evidenceFiles.mediaType });
  if (claimed.length < ids.length) throw new AppError('BAD_REQUEST', FILES_NOT_CLAIMABLE);
  const mediaTypes = new Map(claimed.map((file) => [file.id, file.mediaType]));
  for (const attachment of options.attachments ?? []) {
    if (attachment.type !== 'screenshot') continue;
    const allImages = (attachment.fileIds ?? []).every((id) => {
      const mediaType = mediaTypes.get(id);
      return mediaType !== undefined && EVIDENCE_IMAGE_MEDIA_TYPES.includes(mediaType);
    });
    if (!allImages) throw new AppError('BAD_REQUEST', SCREENSHOT_NOT_IMAGE);
  }
}
