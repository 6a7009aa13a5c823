import type { EvidenceFileMediaType } from '../../../shared/evidence-rules.js';

/**
 * What a file is, decided by its bytes alone: the name and the type the browser declared are whatever the
 * sender wrote. Anything not recognised as one of the allowed types is null (refused).
 */
export function detectMediaType(content: Uint8Array): EvidenceFileMediaType | null {
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(content, 0, 4) === 'RIFF' && ascii(content, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(content, 0, 5) === '%PDF-') return 'application/pdf';
  const text = plainText(content);
  if (text === null) return null;
  return isJsonDocument(text) ? 'application/json' : 'text/plain';
}

function startsWith(content: Uint8Array, signature: readonly number[]): boolean {
  return content.length >= signature.length && signature.every((byte, index) => content[index] === byte);
}

function ascii(content: Uint8Array, from: number, to: number): string {
  return content.length < to ? '' : String.fromCharCode(...content.subarray(from, to));
}

/** Control characters other than tab, line feed and carriage return (C0, DEL and C1). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The text if the bytes are valid UTF-8 without control characters; null for anything binary. */
function plainText(content: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return null;
  }
  return FORBIDDEN_CONTROL.test(text) ? null : text;
}

/**
 * Configuration data is an object or an array that parses; a bare number or string is plain text (a note
 * reading "42" is not configuration).
 */
function isJsonDocument(text: string): boolean {
  const start = text.replace(/^\uFEFF/, '').trimStart()[0];
  if (start !== '{' && start !== '[') return false;
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}
