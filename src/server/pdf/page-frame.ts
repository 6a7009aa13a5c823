import { contentWidth, type Doc, PAGE } from './document.js';
import { COLOR, FONT } from './theme.js';

/** What every page but the first carries: a slim running header, and a footer with page numbers. */

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
