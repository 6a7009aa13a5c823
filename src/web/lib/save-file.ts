/** Hands a blob to the browser's download manager under the given file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // The click has handed the blob to the download manager; later revocation keeps slow browsers safe.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** Path separators and control characters never reach a saved file's name, whatever a header said. */
function safeFileName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}

/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*=UTF-8''…` wins over `filename=`,
 * quoted or not. Null when the header is missing or names no usable file.
 */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (header === null) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2] !== undefined) {
    try {
      const decoded = safeFileName(decodeURIComponent(extended[2].trim()));
      if (decoded !== null) return decoded;
    } catch {
      // A malformed percent-encoding falls back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const value = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return value === undefined ? null : safeFileName(value);
}
