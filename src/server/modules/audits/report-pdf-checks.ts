import type { CheckStatus, Severity } from '../../../shared/audit-contract.js';
import type { StoredCheckResult } from '../../../shared/contracts/audits.js';
import { summariseEvidence, truncate } from './evidence-summary.js';
import { contentWidth, type Doc, ensureSpace } from '../../pdf/document.js';
import { formatDateTime, pdfSafeText } from '../../pdf/text.js';
import { COLOR, drawPill, FONT, PILL, pillWidth, type Swatch } from '../../pdf/theme.js';
import { SEVERITY_SWATCH, STATUS_SWATCH } from './report-pdf-theme.js';

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
 * and waived ones, each placed by its status of record (the API's `status`): an owner's self-attested
 * claim does not move a check out of "Failed" (docs/decisions/0009). Within a severity the engine's
 * order is kept (Array.prototype.sort is stable).
 */
export function orderChecksForReport(checks: readonly StoredCheckResult[]): CheckSection[] {
  const pick = (statuses: readonly CheckStatus[]) =>
    checks.filter((check) => statuses.includes(check.status)).sort(bySeverity);
  const sections: CheckSection[] = [
    {
      key: 'failed',
      title: 'Failed checks',
      intro:
        'Ordered by severity: fix these first. A check the owner marked as passed or waived without verification stays here, marked self-attested.',
      checks: pick(['FAIL']),
    },
    {
      key: 'unknown',
      title: 'Checks that could not be decided',
      intro: 'The bot could not read what these checks need. Grant the missing access and re-audit.',
      checks: pick(['UNKNOWN']),
    },
    {
      key: 'passed',
      title: 'Passed and waived checks',
      intro: 'No action needed. Each waived check carries the Rampart staff decision that waived it.',
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

const OVERRIDE_SWATCH: Readonly<Record<NonNullable<StoredCheckResult['overrideKind']>, Swatch>> = {
  self_attested: { fg: '#92400e', bg: '#fef3c7' },
  staff: { fg: '#1e293b', bg: '#e2e8f0' },
};

const OVERRIDE_PILL = { self_attested: 'SELF-ATTESTED', staff: 'STAFF DECISION' } as const;

const STATUS_WORD: Readonly<Record<CheckStatus, string>> = {
  PASS: 'passed',
  FAIL: 'failed',
  WAIVED: 'waived',
  UNKNOWN: 'unknown',
};

/** Who changed the check, when, to what and why: a self-attested claim says it is not counted. */
function overrideRow(check: StoredCheckResult): Row | null {
  if (check.overrideKind === null) return null;
  const who = check.overriddenBy ?? 'a former user';
  const when = check.overriddenAt === null ? '' : ` on ${formatDateTime(new Date(check.overriddenAt))}`;
  const why = check.overrideReason === null ? 'No reason recorded.' : `Reason: ${check.overrideReason}`;
  if (check.overrideKind === 'staff') {
    return row('Decision', `Staff decision by ${who}${when}: marked ${STATUS_WORD[check.status]}. ${why}`, COLOR.body);
  }
  return row(
    'Owner claim',
    `Self-attested by the server owner, ${who}${when}: marked ${STATUS_WORD[check.selfAttestedStatus ?? check.status]}. ${why} Not verified by Rampart: it counts neither in the score nor toward a certificate.`,
    OVERRIDE_SWATCH.self_attested.fg,
  );
}

/**
 * Evidence may be 10,000 characters long. The report shows its beginning, so that a block with a long
 * reason as well still fits on one page; the full text stays in Rampart.
 */
const EVIDENCE_MAX_LENGTH = 1200;

/** What the overrider submitted to back the override, and when. */
function evidenceRow(check: StoredCheckResult): Row | null {
  if (check.overrideKind === null || check.overrideEvidence === null) return null;
  const when =
    check.overrideEvidenceAt === null ? '' : `Submitted ${formatDateTime(new Date(check.overrideEvidenceAt))}: `;
  return {
    label: 'Evidence',
    text: truncate(pdfSafeText(`${when}${check.overrideEvidence}`), EVIDENCE_MAX_LENGTH),
    color: COLOR.body,
  };
}

function rowsFor(check: StoredCheckResult): Row[] {
  const status = check.status;
  const rows: Row[] = [row('Finding', summariseEvidence(check.evidence, check.engineStatus), COLOR.body)];
  if (status === 'FAIL' || status === 'UNKNOWN')
    rows.push(row('How to fix', stepsOnOwnLines(check.remediation), COLOR.body));
  for (const extra of [overrideRow(check), evidenceRow(check)]) if (extra !== null) rows.push(extra);
  return rows;
}

function layoutBlock(doc: Doc, check: StoredCheckResult): BlockLayout {
  const inner = contentWidth(doc) - BLOCK.strip - BLOCK.padLeft - BLOCK.padRight;
  const status = check.status;
  const pills = [
    { label: status, swatch: STATUS_SWATCH[status] },
    ...(check.overrideKind === null
      ? []
      : [{ label: OVERRIDE_PILL[check.overrideKind], swatch: OVERRIDE_SWATCH[check.overrideKind] }]),
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
  for (const row of rows)
    height += BLOCK.rowGap + 2 + doc.heightOfString(row.text, { width: inner - BLOCK.labelWidth });
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

  doc
    .font(FONT.bold)
    .fontSize(BLOCK.nameSize)
    .fillColor(COLOR.ink)
    .text(layout.name, x, top + BLOCK.padTop, { width: layout.nameWidth });
  doc.y = Math.max(doc.y, top + BLOCK.padTop + PILL.height);
  doc
    .font(FONT.regular)
    .fontSize(BLOCK.metaSize)
    .fillColor(COLOR.faint)
    .text(layout.meta, x, doc.y + 2, { width: inner });

  for (const row of layout.rows) {
    const y = doc.y + BLOCK.rowGap + 2;
    doc
      .font(FONT.bold)
      .fontSize(BLOCK.metaSize)
      .fillColor(COLOR.muted)
      .text(row.label.toUpperCase(), x, y + 1.2, {
        width: BLOCK.labelWidth,
        characterSpacing: 0.3,
        lineBreak: false,
      });
    doc
      .font(FONT.regular)
      .fontSize(BLOCK.textSize)
      .fillColor(row.color)
      .text(row.text, x + BLOCK.labelWidth, y, {
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
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.muted)
    .text(section.intro, left, top + 20, { width: contentWidth(doc) });
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
