/**
 * Setting up and finishing a Rampart PDF: A4, pdfkit's built-in Helvetica (no font files needed),
 * pages kept in memory until the end so footers can be drawn on every page at once.
 */

export type Doc = PDFKit.PDFDocument;

export const PAGE = {
  margin: 50,
  /** Room kept free under the content for the footer line. */
  bottomMargin: 64,
  footerOffset: 38,
} as const;

export interface PdfInfo {
  /** Kept as given: the Info dictionary is UTF-16 where needed, so emoji survive there. */
  title: string;
  subject: string;
  createdAt: Date;
}

/**
 * Draws a document with `draw` and resolves with its bytes; a throw in `draw` rejects. pdfkit (with its font
 * engine) is loaded at the first render, not at start-up: most processes never draw a PDF.
 */
export async function renderPdf(info: PdfInfo, draw: (doc: Doc) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottomMargin },
    bufferPages: true,
    displayTitle: true,
    lang: 'en',
    info: {
      Title: info.title,
      Author: 'Rampart',
      Subject: info.subject,
      Creator: 'Rampart',
      CreationDate: info.createdAt,
    },
  });

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** Width of the page's content column. */
export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** The lowest y that content may reach on the current page. */
export function contentBottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` still fits below the cursor, so blocks are never split. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > contentBottom(doc)) doc.addPage();
}
