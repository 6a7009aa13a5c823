import { riskLabel } from '../../../shared/audit-contract.js';
import type { Audit, StoredCheckResult } from '../../../shared/contracts/audits.js';
import { contentWidth, type Doc, renderPdf } from '../../pdf/document.js';
import { drawPageFooters, drawRunningHeader, drawTitleBand } from '../../pdf/page-frame.js';
import { formatDateTime, pdfSafeName } from '../../pdf/text.js';
import { COLOR, drawCaption, FONT } from '../../pdf/theme.js';
import { truncate } from './evidence-summary.js';
import { drawChangesSection, type ReportChanges } from './report-pdf-changes.js';
import { drawCheckSections, orderChecksForReport } from './report-pdf-checks.js';
import { drawCounts, drawScorePanel } from './report-pdf-summary.js';

/**
 * The downloadable audit report (GET /api/audits/{id}/download-report): an A4 PDF with the score,
 * the counts and every check.
 */

export interface AuditReportPdfInput {
  serverName: string;
  serverDiscordId: string;
  audit: Audit;
  checks: StoredCheckResult[];
  /** What changed since the server's previous completed audit. */
  changes: ReportChanges;
  generatedAt?: Date;
}

export const REPORT_TITLE = 'Rampart Security Audit Report';

export function reportInfoTitle(serverName: string): string {
  return `Rampart security audit — ${serverName}`;
}

function drawServerBlock(doc: Doc, input: AuditReportPdfInput, serverName: string): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  drawCaption(doc, 'Discord server', left, doc.y);
  doc
    .font(FONT.bold)
    .fontSize(20)
    .fillColor(COLOR.ink)
    .text(serverName, left, doc.y + 12, { width, height: 26, ellipsis: true });

  const { audit } = input;
  const auditDate = new Date(audit.completedAt ?? audit.createdAt);
  const facts = [
    { caption: 'Server ID', value: input.serverDiscordId },
    { caption: audit.completedAt ? 'Audit completed' : 'Audit started', value: formatDateTime(auditDate) },
    { caption: 'Audit ID', value: audit.id },
  ];
  const top = doc.y + 8;
  const columns = [0, 0.27, 0.58];
  facts.forEach((fact, index) => {
    const x = left + width * (columns[index] ?? 0);
    const columnWidth = width * ((columns[index + 1] ?? 1) - (columns[index] ?? 0)) - 8;
    drawCaption(doc, fact.caption, x, top);
    doc
      .font(FONT.regular)
      .fontSize(9)
      .fillColor(COLOR.body)
      .text(fact.value, x, top + 12, { width: columnWidth, lineBreak: false });
  });
  doc.x = left;
  doc.y = top + 38;
}

function plural(count: number, one: string, many: string = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What the owner claims beyond the score of record, and whether a certificate is within reach. */
function claimsAndCertificate(audit: Audit): string {
  const claims =
    audit.selfAttestedRiskScore === null
      ? ''
      : ` The owner claims ${audit.selfAttestedRiskScore} with self-attested overrides (${plural(audit.selfAttestedOverrides, 'check')}), which do not count toward the score or a certificate.`;
  const certificate = audit.certificateEligible
    ? ' This audit meets the certificate threshold (90 or more, no critical issue).'
    : ' This audit does not meet the certificate threshold (90 or more, no critical issue).';
  return `${claims}${certificate}`;
}

/** A short reading of the numbers, for readers who stop after the first page. */
function overview(audit: Audit, serverName: string): string {
  if (audit.riskScore === null) return `The audit of ${serverName} has not finished, so it has no score yet.`;
  return `${verdict(audit, audit.riskScore, serverName)}${claimsAndCertificate(audit)}`;
}

function verdict(audit: Audit, riskScore: number, serverName: string): string {
  const first = `${serverName} scored ${riskScore} out of 100 (${riskLabel(riskScore)}): ${audit.passedChecks} of ${audit.totalChecks} checks passed.`;
  if (audit.failedChecks === 0) {
    return audit.unknownChecks === 0
      ? `${first} No check failed.`
      : `${first} No check failed, but ${plural(audit.unknownChecks, 'check')} could not be decided; see below.`;
  }
  const urgent = audit.criticalIssues + audit.highIssues;
  const urgency =
    urgent > 0
      ? `${plural(urgent, 'of them is', 'of them are')} critical or high severity and should be fixed first.`
      : 'None of them is critical or high severity.';
  return `${first} ${plural(audit.failedChecks, 'check')} failed; ${urgency}`;
}

function drawOverview(doc: Doc, audit: Audit, serverName: string): void {
  const left = doc.page.margins.left;
  drawCaption(doc, 'Summary', left, doc.y);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLOR.body)
    .text(overview(audit, serverName), left, doc.y + 12, {
      width: contentWidth(doc),
      lineGap: 2,
    });
  doc.y += 14;
}

export function renderAuditReportPdf(input: AuditReportPdfInput): Promise<Buffer> {
  const generatedAt = input.generatedAt ?? new Date();
  const serverName = pdfSafeName(input.serverName, `Server ${input.serverDiscordId}`);
  const info = {
    // The real name (emoji included) is kept in the Info title; the pages get the drawable one.
    title: reportInfoTitle(input.serverName),
    subject: `Security audit ${input.audit.id} of Discord server ${input.serverDiscordId}`,
    createdAt: generatedAt,
  };
  return renderPdf(info, (doc) => {
    doc.on('pageAdded', () => drawRunningHeader(doc, REPORT_TITLE, serverName));
    drawTitleBand(doc, REPORT_TITLE, `Generated ${formatDateTime(generatedAt)}`);
    drawServerBlock(doc, input, serverName);
    drawScorePanel(doc, input.audit);
    drawCounts(doc, input.audit);
    // Discord allows 100-character names; the sentence stays readable with a shorter cut.
    drawOverview(doc, input.audit, truncate(serverName, 60));
    drawChangesSection(doc, input.changes, input.audit.riskScore);
    drawCheckSections(doc, orderChecksForReport(input.checks));
    drawPageFooters(doc, `Rampart  ·  ${serverName}  ·  audit ${input.audit.id}`);
  });
}
