/** Long enough for any real file name, short enough for a header and a row in the thread. */
const MAX_NAME_LENGTH = 120;
const FALLBACK_NAME = 'file';

/**
 * The name shown beside a file and offered when it is saved: the last path segment of what the sender
 * wrote, without control characters or characters file systems refuse, whitespace collapsed.
 */
export function sanitiseFileName(name: string | undefined): string {
  const lastSegment = (name ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const chars = [...cleaned];
  if (chars.length === 0) return FALLBACK_NAME;
  if (chars.length <= MAX_NAME_LENGTH) return cleaned;
  // Cut in the middle of the stem so the extension survives.
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  const stem = [...cleaned.slice(0, cleaned.length - extension.length)];
  return stem.slice(0, MAX_NAME_LENGTH - [...extension].length).join('') + extension;
}

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266): an ASCII fallback for old clients and
 * the exact name as UTF-8 in `filename*`.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
