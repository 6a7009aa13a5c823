import type { FastifyRequest } from 'fastify';
import { EVIDENCE_FILE_MAX_BYTES, EVIDENCE_FILES_PER_MESSAGE } from '../../../shared/evidence-rules.js';
import { AppError } from '../../errors.js';
import { detectMediaType } from './content-type.js';
import { sanitiseFileName } from './file-name.js';
import type { CheckedUpload } from './service.js';

export const UPLOAD_FIELD = 'files';
const MAX_MEGABYTES = EVIDENCE_FILE_MAX_BYTES / (1024 * 1024);

export const TOO_MANY_FILES = `Upload at most ${EVIDENCE_FILES_PER_MESSAGE} files at once.`;
export const FILE_TOO_LARGE = `Each file can be at most ${MAX_MEGABYTES} MB.`;
export const UNSUPPORTED_FILE =
  'Only PNG, JPEG or WebP images, PDF documents, plain text and JSON files can be attached.';

/**
 * Reads a multipart upload part by part as it streams in, within the limits: only files, in the field
 * `files`, at most EVIDENCE_FILES_PER_MESSAGE of them, none over EVIDENCE_FILE_MAX_BYTES (the parser stops
 * reading there). Each file's type is decided by its content; one refused file refuses the whole upload.
 */
export async function readUploads(request: FastifyRequest): Promise<CheckedUpload[]> {
  const uploads: CheckedUpload[] = [];
  try {
    const parts = request.parts({
      limits: {
        fileSize: EVIDENCE_FILE_MAX_BYTES,
        files: EVIDENCE_FILES_PER_MESSAGE,
        parts: EVIDENCE_FILES_PER_MESSAGE + 1,
        fieldSize: 1024,
        headerPairs: 20,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== UPLOAD_FIELD) {
        if (part.type === 'file') part.file.resume();
        throw new AppError('BAD_REQUEST', `Send only files, each in the form field "${UPLOAD_FIELD}".`);
      }
      const fileName = sanitiseFileName(part.filename);
      const content = await part.toBuffer();
      if (content.length === 0) throw new AppError('BAD_REQUEST', `${fileName} is empty.`);
      const mediaType = detectMediaType(content);
      if (mediaType === null) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${fileName}: ${UNSUPPORTED_FILE}`);
      uploads.push({ fileName, mediaType, content });
    }
  } catch (error) {
    throw asAppError(error);
  }
  if (uploads.length === 0) throw new AppError('BAD_REQUEST', 'Choose at least one file to upload.');
  return uploads;
}

/** The multipart parser's own errors, told in the API's words. */
function asAppError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error) || !('code' in error)) return error;
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', FILE_TOO_LARGE, { cause: error });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', TOO_MANY_FILES, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send files as multipart/form-data.', { cause: error });
    default:
      return error;
  }
}
