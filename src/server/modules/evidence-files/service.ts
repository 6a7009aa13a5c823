import { and, eq, isNull, lt } from 'drizzle-orm';
import type { EvidenceFile } from '../../../shared/contracts/evidence.js';
import type { EvidenceFileMediaType } from '../../../shared/evidence-rules.js';
import { sha256 } from '../../crypto.js';
import type { Database } from '../../db/client.js';
import { evidenceFiles, threadMessages } from '../../db/schema-evidence.js';
import { notFound } from '../../errors.js';
import { mayReadThread, type ThreadReader } from '../evidence/access.js';

/** A file nobody attached within a day was abandoned (a closed dialog, a failed send). */
export const UNCLAIMED_FILE_TTL_MS = 24 * 60 * 60 * 1000;

export interface CheckedUpload {
  fileName: string;
  mediaType: EvidenceFileMediaType;
  content: Buffer;
}

type FileRow = typeof evidenceFiles.$inferSelect;

export const evidenceFileUrl = (id: string) => `/api/evidence/files/${id}`;

export function toEvidenceFile(row: Pick<FileRow, 'id' | 'fileName' | 'mediaType' | 'size'>): EvidenceFile {
  return { id: row.id, fileName: row.fileName, mediaType: row.mediaType, size: row.size, url: evidenceFileUrl(row.id) };
}

/**
 * Stores checked uploads for their uploader, unclaimed until a message attaches them. Uploads are the only
 * way unclaimed files accumulate, so each one first sweeps away the abandoned ones.
 */
export async function storeUploads(options: {
  db: Database;
  userId: string;
  uploads: readonly CheckedUpload[];
  now?: Date;
}): Promise<EvidenceFile[]> {
  const { db } = options;
  await sweepUnclaimedFiles(db, options.now);
  const rows = await db
    .insert(evidenceFiles)
    .values(
      options.uploads.map((upload) => ({
        uploadedByUserId: options.userId,
        fileName: upload.fileName,
        mediaType: upload.mediaType,
        size: upload.content.length,
        sha256: sha256(upload.content),
        content: upload.content,
      })),
    )
    .returning({
      id: evidenceFiles.id,
      fileName: evidenceFiles.fileName,
      mediaType: evidenceFiles.mediaType,
      size: evidenceFiles.size,
    });
  return rows.map(toEvidenceFile);
}

/** Deletes files no message claimed within UNCLAIMED_FILE_TTL_MS; answers how many. */
export async function sweepUnclaimedFiles(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCLAIMED_FILE_TTL_MS);
  const deleted = await db
    .delete(evidenceFiles)
    .where(and(isNull(evidenceFiles.messageId), lt(evidenceFiles.createdAt, cutoff)))
    .returning({ id: evidenceFiles.id });
  return deleted.length;
}

/**
 * A file with its bytes, for a reader who may see it: staff any; while unclaimed only its uploader; once a
 * message claimed it, whoever may read that message's thread. Anyone else gets "not found".
 */
export async function findReadableFile(options: {
  db: Database;
  reader: ThreadReader;
  fileId: string;
}): Promise<FileRow> {
  const { db, reader } = options;
  const [found] = await db
    .select({ file: evidenceFiles, threadId: threadMessages.threadId })
    .from(evidenceFiles)
    .leftJoin(threadMessages, eq(threadMessages.id, evidenceFiles.messageId))
    .where(eq(evidenceFiles.id, options.fileId))
    .limit(1);
  if (found === undefined) throw notFound('File');
  const { file, threadId } = found;
  const readable =
    reader.isStaff ||
    (threadId === null ? file.uploadedByUserId === reader.userId : await mayReadThread(db, reader, threadId));
  if (!readable) throw notFound('File');
  return file;
}
