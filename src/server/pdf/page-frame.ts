import { contentWidth, type Doc, PAGE } from './document.js';
import { COLOR, drawCaption, FONT } from './theme.js';

/**
 * The frame of every Rampart document: the first page's title band, a grid of facts, and what every page
 * but the first carries (a slim running header) and every page's footer with page numbers.
 */

const BAND_HEIGHT = 92;

/** The dark band across the top of a first page: RAMPART, the document's title and a note at the right. */
export function drawTitleBand(doc: Doc, title: string, note: string): void {
  const { margin } = PAGE;
  doc.save().rect(0, 0, doc.page.width, BAND_HEIGHT).fill(COLOR.brand).restore();
  doc.save().rect(0, BAND_HEIGHT, doc.page.width, 3).fill(COLOR.accent).restore();
  doc
    .font(FONT.bold)
    .fontSize(9)
    .fillColor(COLOR.accent)
    .text('RAMPART', margin, 28, { characterSpacing: 0.6, lineBreak: false });
  doc.font(FONT.bold).fontSize(22).fillColor(COLOR.white).text(title, margin, 42, { lineBreak: false });
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor('#cbd5e1')
    .text(note, margin, 30, {
      width: contentWidth(doc),
      align: 'right',
      lineBreak: false,
    });
  doc.x = margin;
  doc.y = BAND_HEIGHT + 28;
}

/** Caption and value pairs, two to a row, across the content column. */
export function drawFactGrid(doc: Doc, facts: readonly { caption: string; value: string }[]): void {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  for (let row = 0; row < facts.length; row += 2) {
    const y = doc.y;
    facts.slice(row, row + 2).forEach((fact, column) => {
      const x = left + column * half;
      drawCaption(doc, fact.caption, x, y);
      doc
        .font(FONT.regular)
        .fontSize(10)
        .fillColor(COLOR.ink)
        .text(fact.value, x, y + 12, { width: half - 12, height: 14, ellipsis: true, lineBreak: false });
    });
    doc.y = y + 36;
  }
  doc.x = left;
}

/** Later pages repeat a slim header so a loose page still says what it belongs to. */
export function drawRunningHeader(doc: Doc, title: string, subject: string): void {
  const { margin } = PAGE;
  const y = 28;
  doc.font(FONT.bold).fontSize(8).fillColor(COLOR.muted).text(title, margin, y, { lineBreak: false });
  const half = contentWidth(doc) / 2;
  doc
    .font(FONT.regular)
    .fontSize(8)
    .fillColor(COLOR.muted)
    .text(subject, margin + half, y, { width: half, align: 'right', height: 10, ellipsis: true });
  doc
    .save()
    .moveTo(margin, y + 14)
    .lineTo(doc.page.width - margin, y + 14)
    .lineWidth(0.5)
    .stroke(COLOR.rule)
    .restore();
  doc.x = margin;
  doc.y = y + 30;
}

/** Draws `label` and "Page n of N" at the foot of every buffered page; call it once all pages exist. */
export function drawPageFooters(doc: Doc, label: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Footer text sits inside the bottom margin; without this pdfkit would start a new page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE.footerOffset;
    const width = contentWidth(doc);
    doc
      .save()
      .moveTo(PAGE.margin, y - 8)
      .lineTo(PAGE.margin + width, y - 8)
      .lineWidth(0.5)
      .stroke(COLOR.rule)
      .restore();
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.faint);
    doc.text(label, PAGE.margin, y, {
      width: width - 80,
      height: 10,
      ellipsis: true,
      lineBreak: false,
    });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, PAGE.margin, y, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}
