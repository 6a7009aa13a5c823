import { LOW_RISK_MIN_SCORE, riskLabel } from '../../../shared/audit-contract.js';
import type { Audit } from '../../../shared/contracts/audits.js';
import { contentWidth, type Doc } from '../../pdf/document.js';
import { COLOR, drawCaption, drawPill, FONT } from '../../pdf/theme.js';
import { RISK_COLOR } from './report-pdf-theme.js';

/** The first page's score panel and counts. */

/** The spec's risk bands (part 1 §9), drawn as a scale under the score bar. */
const BANDS = [
  { from: 0, to: 40, label: 'Critical', tint: '#fecaca' },
  { from: 40, to: 60, label: 'High', tint: '#fed7aa' },
  { from: 60, to: LOW_RISK_MIN_SCORE, label: 'Medium', tint: '#fef08a' },
  { from: LOW_RISK_MIN_SCORE, to: 100, label: 'Low', tint: '#bbf7d0' },
] as const;

const SCORE_PANEL_HEIGHT = 112;

export function drawScorePanel(doc: Doc, audit: Audit): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  doc.save().roundedRect(left, top, width, SCORE_PANEL_HEIGHT, 6).fill(COLOR.panel).restore();
  doc.save().roundedRect(left, top, width, SCORE_PANEL_HEIGHT, 6).lineWidth(0.75).stroke(COLOR.rule).restore();

  const score = audit.riskScore;
  const label = score === null ? null : riskLabel(score);
  const color = label === null ? COLOR.muted : RISK_COLOR[label];
  const pad = 18;

  drawCaption(doc, 'Security score', left + pad, top + pad);
  doc
    .font(FONT.bold)
    .fontSize(40)
    .fillColor(color)
    .text(score === null ? '–' : String(score), left + pad, top + pad + 14, { lineBreak: false });
  const numberWidth = doc.widthOfString(score === null ? '–' : String(score));
  doc
    .font(FONT.regular)
    .fontSize(14)
    .fillColor(COLOR.muted)
    .text('/100', left + pad + numberWidth + 3, top + pad + 37, { lineBreak: false });
  drawPill(doc, left + pad, top + pad + 64, (label ?? 'Not scored').toUpperCase(), { fg: COLOR.white, bg: color });

  // The bar takes the right-hand part of the panel; the number column is fixed so bars line up.
  const barX = left + 170;
  const barWidth = width - 170 - pad;
  const barY = top + pad + 30;
  drawCaption(doc, 'Risk scale', barX, top + pad);
  const verdict =
    score === null
      ? 'This audit has no score yet.'
      : `${audit.passedChecks} of ${audit.totalChecks} checks passed${audit.selfAttestedOverrides > 0 ? '; self-attested overrides not counted' : ''}.`;
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor(COLOR.body)
    .text(verdict, barX, top + pad + 12, { width: barWidth, lineBreak: false });

  doc.save().roundedRect(barX, barY, barWidth, 12, 6).fill(COLOR.track).restore();
  if (score !== null && score > 0) {
    doc
      .save()
      .roundedRect(barX, barY, Math.max(12, (barWidth * score) / 100), 12, 6)
      .fill(color)
      .restore();
  }
  for (const band of BANDS) {
    const x = barX + (barWidth * band.from) / 100;
    const bandWidth = (barWidth * (band.to - band.from)) / 100;
    doc
      .save()
      .rect(x, barY + 17, bandWidth - 1, 4)
      .fill(band.tint)
      .restore();
    doc
      .font(FONT.bold)
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text(band.label, x, barY + 25, { width: bandWidth, align: 'center', lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(7)
      .fillColor(COLOR.faint)
      .text(band.to === 100 ? `${band.from}+` : `${band.from}–${band.to - 1}`, x, barY + 35, {
        width: bandWidth,
        align: 'center',
        lineBreak: false,
      });
  }

  doc.x = left;
  doc.y = top + SCORE_PANEL_HEIGHT + 14;
}

interface Stat {
  label: string;
  value: number;
  color: string;
}

function drawStatRow(doc: Doc, caption: string, stats: readonly Stat[], x: number, width: number, top: number): void {
  drawCaption(doc, caption, x, top);
  const gap = 8;
  const boxWidth = (width - gap * (stats.length - 1)) / stats.length;
  stats.forEach((stat, index) => {
    const boxX = x + index * (boxWidth + gap);
    const boxY = top + 14;
    doc.save().roundedRect(boxX, boxY, boxWidth, 50, 5).lineWidth(0.75).stroke(COLOR.rule).restore();
    doc
      .save()
      .rect(boxX, boxY + 8, 2.5, 34)
      .fill(stat.color)
      .restore();
    doc
      .font(FONT.bold)
      .fontSize(20)
      .fillColor(stat.value === 0 ? COLOR.faint : COLOR.ink)
      .text(String(stat.value), boxX + 11, boxY + 8, { lineBreak: false });
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(COLOR.muted)
      .text(stat.label, boxX + 11, boxY + 33, { width: boxWidth - 14, lineBreak: false });
  });
}

export function drawCounts(doc: Doc, audit: Audit): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  const gap = 18;
  const checksWidth = (width - gap) * (3 / 7);
  drawStatRow(
    doc,
    `Checks (${audit.totalChecks})`,
    [
      { label: 'Passed', value: audit.passedChecks, color: '#15803d' },
      { label: 'Failed', value: audit.failedChecks, color: '#b91c1c' },
      { label: 'Unknown', value: audit.unknownChecks, color: '#6d28d9' },
    ],
    left,
    checksWidth,
    top,
  );
  drawStatRow(
    doc,
    'Failed checks by severity',
    [
      { label: 'Critical', value: audit.criticalIssues, color: '#991b1b' },
      { label: 'High', value: audit.highIssues, color: '#c2410c' },
      { label: 'Medium', value: audit.mediumIssues, color: '#ca8a04' },
      { label: 'Low', value: audit.lowIssues, color: '#64748b' },
    ],
    left + checksWidth + gap,
    width - checksWidth - gap,
    top,
  );
  doc.x = left;
  doc.y = top + 14 + 50 + 16;
}
