import {
  EVIDENCE_FILE_MAX_BYTES,
  EVIDENCE_FILES_PER_MESSAGE,
  EVIDENCE_IMAGE_MEDIA_TYPES,
  type EvidenceFileMediaType,
} from '../../../shared/evidence-rules';

/** The kinds of evidence that carry uploaded files. */
export type FileEvidenceType = 'screenshot' | 'document';

/** What the browser knows of a chosen file; a File satisfies it. */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
}

const IMAGE_EXTENSIONS: Record<string, EvidenceFileMediaType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
const DOCUMENT_EXTENSIONS: Record<string, EvidenceFileMediaType> = {
  ...IMAGE_EXTENSIONS,
  pdf: 'application/pdf',
  txt: 'text/plain',
  log: 'text/plain',
  json: 'application/json',
};

const ALLOWED_TYPES: Record<FileEvidenceType, readonly EvidenceFileMediaType[]> = {
  screenshot: EVIDENCE_IMAGE_MEDIA_TYPES,
  document: Object.values(DOCUMENT_EXTENSIONS),
};

const KIND_TEXT: Record<FileEvidenceType, string> = {
  screenshot: 'a PNG, JPEG or WebP image',
  document: 'a PDF, text, JSON or image file',
};

/** The `accept` attribute of the file input: types and extensions, since browsers differ in which they use. */
export function acceptFor(type: FileEvidenceType): string {
  const extensions = Object.keys(type === 'screenshot' ? IMAGE_EXTENSIONS : DOCUMENT_EXTENSIONS);
  return [...ALLOWED_TYPES[type], ...extensions.map((extension) => `.${extension}`)].join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The type a file will be taken for, from the browser's type or else its extension; null when neither is
 * allowed. Only a first check for the user's sake: the server decides by the file's content.
 */
export function mediaTypeOf(file: ChosenFile, type: FileEvidenceType): EvidenceFileMediaType | null {
  const allowed = ALLOWED_TYPES[type];
  const declared = allowed.find((mediaType) => mediaType === file.type);
  if (declared !== undefined) return declared;
  const byExtension = (type === 'screenshot' ? IMAGE_EXTENSIONS : DOCUMENT_EXTENSIONS)[extensionOf(file.name)];
  return byExtension !== undefined && allowed.includes(byExtension) ? byExtension : null;
}

export function isImageFile(file: ChosenFile): boolean {
  return mediaTypeOf(file, 'screenshot') !== null;
}

/** "512 B", "12.3 KB", "4.8 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface FileSelection<F extends ChosenFile> {
  files: F[];
  /** One sentence per file left out, saying why. */
  problems: string[];
}

/**
 * Adds newly chosen files to those already chosen, leaving out (and saying why) any file of the wrong
 * kind, over the size limit, a duplicate, or beyond the number a message may carry.
 */
export function addFiles<F extends ChosenFile>(
  current: readonly F[],
  added: readonly F[],
  type: FileEvidenceType,
): FileSelection<F> {
  const files = [...current];
  const problems: string[] = [];
  const maxMegabytes = EVIDENCE_FILE_MAX_BYTES / (1024 * 1024);
  for (const file of added) {
    if (mediaTypeOf(file, type) === null) {
      problems.push(`"${file.name}" is not ${KIND_TEXT[type]}.`);
    } else if (file.size > EVIDENCE_FILE_MAX_BYTES) {
      problems.push(`"${file.name}" is ${formatFileSize(file.size)}; each file may be at most ${maxMegabytes} MB.`);
    } else if (file.size === 0) {
      problems.push(`"${file.name}" is empty.`);
    } else if (files.some((chosen) => chosen.name === file.name && chosen.size === file.size)) {
      problems.push(`"${file.name}" is already attached.`);
    } else if (files.length >= EVIDENCE_FILES_PER_MESSAGE) {
      problems.push(`"${file.name}" was not added: at most ${EVIDENCE_FILES_PER_MESSAGE} files can be attached.`);
    } else {
      files.push(file);
    }
  }
  return { files, problems };
}

/** Keeps only the files that suit a newly chosen evidence type (a PDF is no screenshot). */
export function filesFitting<F extends ChosenFile>(files: readonly F[], type: FileEvidenceType): F[] {
  return files.filter((file) => mediaTypeOf(file, type) !== null);
}
