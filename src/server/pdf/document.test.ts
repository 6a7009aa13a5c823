import { describe, expect, it } from 'vitest';
import { pageCount, readInfoString } from '../../../tests/helpers/pdf.js';
import { ensureSpace, renderPdf } from './document.js';
import { drawPageFooters } from './page-frame.js';

const info = { title: 'Rampart receipt — Café 🛡️', subject: 'Receipt 42', createdAt: new Date('2026-11-24T06:00:00Z') };

describe('renderPdf', () => {
  it('returns a whole PDF carrying its Info strings as given', async () => {
    const pdf = await renderPdf(info, (doc) => doc.text('Thank you.'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    expect(readInfoString(pdf, 'Title')).toBe(info.title);
    expect(readInfoString(pdf, 'Subject')).toBe('Receipt 42');
    expect(readInfoString(pdf, 'Author')).toBe('Rampart');
  });

  it('is the same bytes for the same drawing and date', async () => {
    const draw = (doc: PDFKit.PDFDocument) => doc.text('Same');
    expect((await renderPdf(info, draw)).equals(await renderPdf(info, draw))).toBe(true);
  });

  it('rejects when drawing throws', async () => {
    await expect(
      renderPdf(info, () => {
        throw new Error('no ink');
      }),
    ).rejects.toThrow('no ink');
  });

  it('moves a block that no longer fits to a new page, and footers do not add pages', async () => {
    const pdf = await renderPdf(info, (doc) => {
      doc.y = doc.page.height - 100;
      ensureSpace(doc, 200);
      doc.text('On page two.');
      drawPageFooters(doc, 'Rampart  ·  receipt 42');
    });
    expect(pageCount(pdf)).toBe(2);
  });
});
