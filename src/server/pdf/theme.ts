import type { Doc } from './document.js';

/** Colours, type and small drawing helpers shared by every Rampart PDF. */

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

export const COLOR = {
  ink: '#0f172a',
  body: '#334155',
  muted: '#64748b',
  faint: '#94a3b8',
  rule: '#e2e8f0',
  panel: '#f8fafc',
  track: '#e2e8f0',
  brand: '#1e293b',
  accent: '#38bdf8',
  white: '#ffffff',
} as const;

export interface Swatch {
  /** Strong colour: text, strips, bars. */
  fg: string;
  /** Pale tint behind a pill. */
  bg: string;
}

export const PILL = { height: 14, padX: 6, size: 7 } as const;

export function pillWidth(doc: Doc, label: string): number {
  doc.font(FONT.bold).fontSize(PILL.size);
  return doc.widthOfString(label, { characterSpacing: 0.2 }) + PILL.padX * 2;
}

/** A small rounded label; returns its width so callers can line several up. */
export function drawPill(doc: Doc, x: number, y: number, label: string, swatch: Swatch): number {
  const width = pillWidth(doc, label);
  doc
    .save()
    .roundedRect(x, y, width, PILL.height, PILL.height / 2)
    .fill(swatch.bg)
    .restore();
  doc
    .font(FONT.bold)
    .fontSize(PILL.size)
    .fillColor(swatch.fg)
    .text(label, x + PILL.padX, y + (PILL.height - PILL.size) / 2 + 0.5, { lineBreak: false, characterSpacing: 0.2 });
  return width;
}

/** A small upper-case caption above a value, as in the summary panels. */
export function drawCaption(doc: Doc, text: string, x: number, y: number, width?: number): void {
  doc
    .font(FONT.bold)
    .fontSize(7.5)
    .fillColor(COLOR.muted)
    .text(text.toUpperCase(), x, y, { characterSpacing: 0.3, lineBreak: false, ...(width ? { width } : {}) });
}
