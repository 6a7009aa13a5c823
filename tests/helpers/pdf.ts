/** Just enough PDF reading for tests: the Info dictionary and the page count. */
/** Decodes a PDF string's bytes: UTF-16BE after a byte-order mark, else one byte per character. */
function decodePdfStringBytes(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

const LITERAL_ESCAPES: Readonly<Record<string, number>> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

/** Parses the PDF string (literal or hex) that starts at `at`. */
function readPdfString(text: string, at: number): string | null {
  if (text[at] === '<') return decodePdfStringBytes(Buffer.from(text.slice(at + 1, text.indexOf('>', at)), 'hex'));
  if (text[at] !== '(') return null;
  const bytes: number[] = [];
  let depth = 1;
  for (let index = at + 1; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (char === '\\') {
      const octal = /^[0-7]{1,3}/.exec(text.slice(index + 1, index + 4));
      const next = text[index + 1] ?? '';
      bytes.push(octal ? parseInt(octal[0], 8) : (LITERAL_ESCAPES[next] ?? next.charCodeAt(0)));
      index += octal ? octal[0].length : 1;
      continue;
    }
    if (char === '(') depth += 1;
    if (char === ')' && --depth === 0) break;
    bytes.push(char.charCodeAt(0));
  }
  return decodePdfStringBytes(Buffer.from(bytes));
}

/**
 * Reads an Info dictionary entry, written inline (`/Title (…)`, `/Title <…>`) or, as pdfkit does,
 * as a reference to an uncompressed object (`/Title 24 0 R` … `24 0 obj (…) endobj`).
 */
export function readInfoString(pdf: Buffer, key: string): string | null {
  const text = pdf.toString('latin1');
  const entry = new RegExp(`/${key}\\s+(?:(\\d+) (\\d+) R|(?=[(<]))`).exec(text);
  if (!entry) return null;
  const [, objectNumber, generation] = entry;
  if (objectNumber === undefined) return readPdfString(text, entry.index + entry[0].length);
  const object = new RegExp(`(?:^|\\n)${objectNumber} ${generation} obj\\s*`).exec(text);
  return object ? readPdfString(text, object.index + object[0].length) : null;
}

export function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}
