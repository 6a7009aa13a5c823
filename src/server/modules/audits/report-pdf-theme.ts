import type { CheckStatus, Severity, riskLabel } from '../../../shared/audit-contract.js';

/** Colours, type sizes and small drawing helpers shared by the PDF report's parts. */

export type Doc = PDFKit.PDFDocument;
export type RiskLabel = ReturnType<typeof riskLabel>;

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;

export const PAGE = {
  margin: 50,
  /** Room kept free under the content for the footer line. */
  bottomMargin: 64,
  footerOffset: 38,
} as const;

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

interface Swatch {
  /** Strong colour: text, strips, bars. */
  fg: string;
  /** Pale tint behind a pill. */
  bg: string;
}

export const STATUS_SWATCH: Readonly<Record<CheckStatus, Swatch>> = {
  FAIL: { fg: '#b91c1c', bg: '#fee2e2' },
  UNKNOWN: { fg: '#6d28d9', bg: '#ede9fe' },
  PASS: { fg: '#15803d', bg: '#dcfce7' },
  WAIVED: { fg: '#1d4ed8', bg: '#dbeafe' },
};

export const SEVERITY_SWATCH: Readonly<Record<Severity, Swatch>> = {
  CRITICAL: { fg: '#991b1b', bg: '#fecaca' },
  HIGH: { fg: '#c2410c', bg: '#ffedd5' },
  MEDIUM: { fg: '#a16207', bg: '#fef9c3' },
  LOW: { fg: '#475569', bg: '#f1f5f9' },
};

export const RISK_COLOR: Readonly<Record<RiskLabel, string>> = {
  'Low Risk': '#15803d',
  'Medium Risk': '#ca8a04',
  'High Risk': '#ea580c',
  'Critical Risk': '#b91c1c',
};

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

/** Formats a timestamp the same way wherever the report is rendered (server time zones differ). */
export function formatDateTime(date: Date): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(date);
  return `${formatted} UTC`;
}
