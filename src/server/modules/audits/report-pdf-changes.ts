import type { AuditDiff, CheckChange, DiffFinding } from '../../../shared/contracts/audit-insights.js';
import { contentWidth, type Doc, ensureSpace } from '../../pdf/document.js';
import { formatDateTime, pdfSafeText } from '../../pdf/text.js';
import { COLOR, drawCaption, FONT } from '../../pdf/theme.js';
import { truncate } from './evidence-summary.js';

/**
 * The report's 'What changed since the last audit': what it shows of the difference from the server's
 * previous completed audit, and nothing more, so the report cache's digest covers exactly what is drawn.
 */
export type ReportChanges =
  | { against: null }
  | {
      against: { completedAt: string | null; riskScore: number | null };
      scoreChange: number | null;
      newFailures: CheckChange[];
      fixed: CheckChange[];
      regressed: CheckChange[];
    };

export function reportChanges(diff: AuditDiff): ReportChanges {
  if (diff.against === null) return { against: null };
  const { newFailures, fixed, regressed } = diff.checks;
  return {
    against: { completedAt: diff.against.completedAt, riskScore: diff.against.riskScore },
    scoreChange: diff.scoreChange,
    newFailures,
    fixed,
    regressed,
  };
}

/** Findings named in a line: a check with many shows the first few and how many more. */
const FINDINGS_SHOWN = 5;
const LINE_MAX = 300;

function findingList(findings: readonly DiffFinding[]): string {
  const shown = findings.slice(0, FINDINGS_SHOWN).map((finding) => `${finding.kind} ${finding.label}`);
  const rest = findings.length - shown.length;
  return `${shown.join(', ')}${rest > 0 ? ` (+${rest} more)` : ''}`;
}

function changeLine(change: CheckChange): string {
  const was = change.before === null ? 'new check' : `was ${change.before}`;
  const parts = [`${change.checkName} (${change.severity.toLowerCase()}): ${was}, now ${change.after}`];
  if (change.appeared.length > 0) parts.push(`appeared: ${findingList(change.appeared)}`);
  if (change.disappeared.length > 0) parts.push(`gone: ${findingList(change.disappeared)}`);
  return truncate(pdfSafeText(parts.join('; ')), LINE_MAX);
}

function scoreSentence(changes: Extract<ReportChanges, { scoreChange: unknown }>, riskScore: number | null): string {
  const when =
    changes.against.completedAt === null ? '' : ` completed ${formatDateTime(new Date(changes.against.completedAt))}`;
  if (changes.scoreChange === null || riskScore === null) return `Compared with the previous audit${when}.`;
  const sign = changes.scoreChange > 0 ? '+' : '';
  return `Score ${riskScore}, was ${changes.against.riskScore ?? '-'} (${sign}${changes.scoreChange}) in the previous audit${when}.`;
}

function paragraph(doc: Doc, text: string, font: string = FONT.regular): void {
  const width = contentWidth(doc);
  doc.font(font).fontSize(9.5);
  ensureSpace(doc, doc.heightOfString(text, { width, lineGap: 2 }) + 4);
  doc.fillColor(COLOR.body).text(text, doc.page.margins.left, doc.y, { width, lineGap: 2 });
  doc.y += 4;
}

export function drawChangesSection(doc: Doc, changes: ReportChanges, riskScore: number | null): void {
  const left = doc.page.margins.left;
  ensureSpace(doc, 60);
  drawCaption(doc, 'What changed since the last audit', left, doc.y);
  doc.y += 12;
  if (changes.against === null) {
    paragraph(doc, 'First audit of this server: there is no earlier audit to compare it with.');
    doc.y += 10;
    return;
  }
  paragraph(doc, scoreSentence(changes, riskScore));
  const groups = [
    { title: 'New failures', list: changes.newFailures },
    { title: 'Fixed', list: changes.fixed },
    { title: 'Regressed', list: changes.regressed },
  ];
  if (groups.every((group) => group.list.length === 0)) paragraph(doc, 'No check changed its verdict.');
  for (const group of groups) {
    if (group.list.length === 0) continue;
    paragraph(doc, `${group.title} (${group.list.length})`, FONT.bold);
    for (const change of group.list) paragraph(doc, `- ${changeLine(change)}`);
  }
  doc.y += 10;
}
