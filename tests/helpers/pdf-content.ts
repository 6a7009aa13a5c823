import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, as far as pdfkit writes it with its built-in fonts: every content stream is
 * inflated and the strings of its TJ/Tj operators are decoded one byte per character. Text objects
 * are joined by spaces and runs of white space collapsed, so a sentence wrapped over lines still reads
 * as one.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  const streamPattern = /\/FlateDecode[^]*?>>\s*stream\r?\n/g;
  for (let match = streamPattern.exec(raw); match !== null; match = streamPattern.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const operation of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      parts.push(decodeOperation(operation));
    }
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

function decodeOperation(operation: RegExpMatchArray): string {
  const [, array, hex, literal] = operation;
  if (hex !== undefined) return Buffer.from(hex, 'hex').toString('latin1');
  if (literal !== undefined) return literal.replace(/\\(.)/g, '$1');
  const pieces = (array ?? '').matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g);
  return [...pieces]
    .map(([, pieceHex, pieceLiteral]) =>
      pieceHex !== undefined
        ? Buffer.from(pieceHex, 'hex').toString('latin1')
        : (pieceLiteral ?? '').replace(/\\(.)/g, '$1'),
    )
    .join('');
}
