import type { Severity } from '../../../shared/audit-contract.js';
import type { StoredCheckResult } from '../../../shared/contracts/audits.js';
import { summariseEvidence, truncate } from './evidence-summary.js';
import { pdfSafeText } from './pdf-text.js';
import {
  COLOR,
  contentWidth,
  drawPill,
  ensureSpace,
  FONT,
  PILL,
  pillWidth,
  SEVERITY_SWATCH,
  STATUS_SWATCH,
  type Doc,
} from './report-pdf-theme.js';

/** The check list of the PDF report: grouping, ordering and one block per check. */

export interface CheckSection {
  key: 'failed' | 'unknown' | 'passed';
  title: string;
  intro: string;
  checks: StoredCheckResult[];
}

const SEVERITY_ORDER: readonly Severity[] = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];

function bySeverity(a: StoredCheckResult, b: StoredCheckResult): number {
  return SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity);
}

/**
 * Failed checks first (most severe first), then the ones that could not be decided, then passed
 * and waived ones. Within a severity the engine's order is kept (Array.prototype.sort is stable).
 */
export function orderChecksForReport(checks: readonly StoredCheckResult[]): CheckSection[] {
  const pick = (statuses: readonly string[]) => checks.filter((check) => statuses.includes(check.status)).sort(bySeverity);
  const sections: CheckSection[] = [
    { key: 'failed', title: 'Failed checks', intro: 'Ordered by severity: fix these first.', checks: pick(['FAIL']) },
    {
      key: 'unknown',
      title: 'Checks that could not be decided',
      intro: 'The bot could not read what these checks need. Grant the missing access and re-audit.',
      checks: pick(['UNKNOWN']),
    },
    {
      key: 'passed',
      title: 'Passed and waived checks',
      intro: 'No action needed. Waived checks were accepted on evidence or by an administrator.',
      checks: pick(['PASS', 'WAIVED']),
    },
  ];
  return sections.filter((section) => section.checks.length > 0);
}

const BLOCK = {
  padTop: 10,
  padBottom: 10,
  padLeft: 14,
  padRight: 12,
  strip: 3,
  gap: 8,
  labelWidth: 64,
  nameSize: 11,
  metaSize: 7.5,
  textSize: 9,
  rowGap: 4,
} as const;

interface Row {
  label: string;
  text: string;
  color: string;
}

interface BlockLayout {
  name: string;
  meta: string;
  rows: Row[];
  pills: { label: string; swatch: { fg: string; bg: string } }[];
  nameWidth: number;
  height: number;
}

/** Remediation written as "1. … 2. …" reads better with one step per line. */
export function stepsOnOwnLines(text: string): string {
  return /^1\.\s/.test(text) ? text.replace(/\s+(?=\d{1,2}\.\s)/g, '\n') : text;
}

/**
 * Longest text a row may show. Waive reasons are capped at 2,000 characters by the API; the cap
 * keeps any stored row from growing a block past one page, which would break the block layout.
 */
const ROW_MAX_LENGTH = 2000;

function row(label: string, value: string, color: string): Row {
  return { label, text: truncate(pdfSafeText(value), ROW_MAX_LENGTH), color };
}

function rowsFor(check: StoredCheckResult): Row[] {
  const rows: Row[] = [row('Finding', summariseEvidence(check.evidence, check.status), COLOR.body)];
  if (check.status === 'FAIL' || check.status === 'UNKNOWN') rows.push(row('How to fix', stepsOnOwnLines(check.remediation), COLOR.body));
  if (check.status === 'WAIVED') rows.push(row('Waived', check.waiveReason?.trim() || 'No reason recorded.', STATUS_SWATCH.WAIVED.fg));
  return rows;
}

function layoutBlock(doc: Doc, check: StoredCheckResult): BlockLayout {
  const inner = contentWidth(doc) - BLOCK.strip - BLOCK.padLeft - BLOCK.padRight;
  const pills = [
    { label: check.status, swatch: STATUS_SWATCH[check.status] },
    { label: check.severity, swatch: SEVERITY_SWATCH[check.severity] },
  ];
  const pillsWidth = pills.reduce((sum, pill) => sum + pillWidth(doc, pill.label) + 4, 0);
  const nameWidth = inner - pillsWidth - 8;
  const name = pdfSafeText(check.checkName);
  const meta = `${check.category}  ·  ${check.checkId}${check.requiresManualEvidence ? '  ·  needs owner evidence' : ''}`;
  const rows = rowsFor(check);

  doc.font(FONT.bold).fontSize(BLOCK.nameSize);
  let height = BLOCK.padTop + Math.max(doc.heightOfString(name, { width: nameWidth }), PILL.height);
  doc.font(FONT.regular).fontSize(BLOCK.metaSize);
  height += 2 + doc.heightOfString(meta, { width: inner });
  doc.fontSize(BLOCK.textSize);
  for (const row of rows) height += BLOCK.rowGap + 2 + doc.heightOfString(row.text, { width: inner - BLOCK.labelWidth });
  return { name, meta, rows, pills, nameWidth, height: height + BLOCK.padBottom };
}

function drawBlock(doc: Doc, check: StoredCheckResult, layout: BlockLayout): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  const x = left + BLOCK.strip + BLOCK.padLeft;
  const inner = width - BLOCK.strip - BLOCK.padLeft - BLOCK.padRight;

  doc.save().roundedRect(left, top, width, layout.height, 4).lineWidth(0.75).stroke(COLOR.rule).restore();
  doc.save().rect(left, top, BLOCK.strip, layout.height).fill(STATUS_SWATCH[check.status].fg).restore();

  let pillX = left + width - BLOCK.padRight;
  for (const pill of [...layout.pills].reverse()) {
    pillX -= pillWidth(doc, pill.label);
    drawPill(doc, pillX, top + BLOCK.padTop - 1, pill.label, pill.swatch);
    pillX -= 4;
  }

  doc.font(FONT.bold).fontSize(BLOCK.nameSize).fillColor(COLOR.ink).text(layout.name, x, top + BLOCK.padTop, { width: layout.nameWidth });
  doc.y = Math.max(doc.y, top + BLOCK.padTop + PILL.height);
  doc.font(FONT.regular).fontSize(BLOCK.metaSize).fillColor(COLOR.faint).text(layout.meta, x, doc.y + 2, { width: inner });

  for (const row of layout.rows) {
    const y = doc.y + BLOCK.rowGap + 2;
    doc.font(FONT.bold).fontSize(BLOCK.metaSize).fillColor(COLOR.muted).text(row.label.toUpperCase(), x, y + 1.2, {
      width: BLOCK.labelWidth,
      characterSpacing: 0.3,
      lineBreak: false,
    });
    doc.font(FONT.regular).fontSize(BLOCK.textSize).fillColor(row.color).text(row.text, x + BLOCK.labelWidth, y, {
      width: inner - BLOCK.labelWidth,
    });
  }
  doc.x = left;
  doc.y = top + layout.height + BLOCK.gap;
}

function drawSectionHeading(doc: Doc, section: CheckSection): void {
  const left = doc.page.margins.left;
  const top = doc.y;
  doc.font(FONT.bold).fontSize(14).fillColor(COLOR.ink).text(section.title, left, top, { lineBreak: false });
  const countX = left + doc.widthOfString(section.title) + 8;
  drawPill(doc, countX, top + 1, String(section.checks.length), { fg: COLOR.white, bg: COLOR.brand });
  doc.font(FONT.regular).fontSize(9).fillColor(COLOR.muted).text(section.intro, left, top + 20, { width: contentWidth(doc) });
  doc.y += 8;
}

const HEADING_HEIGHT = 48;

/** Draws every section; a heading always starts on the same page as its first check. */
export function drawCheckSections(doc: Doc, sections: readonly CheckSection[]): void {
  for (const section of sections) {
    const [first, ...rest] = section.checks;
    if (!first) continue;
    const firstLayout = layoutBlock(doc, first);
    doc.y += 6;
    ensureSpace(doc, HEADING_HEIGHT + firstLayout.height);
    drawSectionHeading(doc, section);
    drawBlock(doc, first, firstLayout);
    for (const check of rest) {
      const layout = layoutBlock(doc, check);
      ensureSpace(doc, layout.height);
      drawBlock(doc, check, layout);
    }
  }
}
