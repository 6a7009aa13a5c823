import type { Certificate } from '../../../shared/contracts/certificates.js';
import { contentWidth, type Doc, renderPdf } from '../../pdf/document.js';
import { drawFactGrid, drawPageFooters, drawTitleBand } from '../../pdf/page-frame.js';
import { formatDateTime, pdfSafeName } from '../../pdf/text.js';
import { COLOR, drawCaption, FONT } from '../../pdf/theme.js';
import { qrCodePng } from './views.js';

/** The downloadable certificate (GET /api/certificates/{id}/download): one A4 page in the report's style. */

export const CERTIFICATE_TITLE = 'Rampart Security Certificate';

const QR_SIZE = 150;

const dateOf = (iso: string | null) => (iso === null ? '—' : formatDateTime(new Date(iso)));

function drawServer(doc: Doc, certificate: Certificate): void {
  const left = doc.page.margins.left;
  drawCaption(doc, 'Certified Discord server', left, doc.y);
  doc
    .font(FONT.bold)
    .fontSize(22)
    .fillColor(COLOR.ink)
    .text(pdfSafeName(certificate.serverName, 'Discord server'), left, doc.y + 12, {
      width: contentWidth(doc),
      height: 30,
      ellipsis: true,
    });
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLOR.body)
    .text(
      `met the Rampart security bar (a score of 90 or more and no critical issue) in an audit against the ` +
        `${certificate.checklistVersion} 20-point checklist, and Rampart staff approved this certificate.`,
      left,
      doc.y + 6,
      { width: contentWidth(doc) },
    );
  doc.y += 18;
}

/** The QR code of the public page beside the address in text, for readers who cannot scan. */
function drawVerification(doc: Doc, certificate: Certificate, qr: Buffer): void {
  const left = doc.page.margins.left;
  const top = doc.y + 8;
  doc
    .save()
    .rect(left, top - 8, contentWidth(doc), 1)
    .fill(COLOR.rule)
    .restore();
  doc.image(qr, left, top + 8, { width: QR_SIZE, height: QR_SIZE });
  const textLeft = left + QR_SIZE + 24;
  const width = contentWidth(doc) - QR_SIZE - 24;
  drawCaption(doc, 'Verify this certificate', textLeft, top + 16);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .fillColor(COLOR.body)
    .text(
      'Scan the code or open the address below. The page says whether this certificate is genuine and still valid.',
      textLeft,
      top + 30,
      { width },
    );
  doc
    .font(FONT.bold)
    .fontSize(10)
    .fillColor(COLOR.ink)
    .text(certificate.publicUrl, textLeft, doc.y + 8, { width, link: certificate.publicUrl });
  doc.x = left;
  doc.y = top + QR_SIZE + 24;
}

export async function renderCertificatePdf(certificate: Certificate): Promise<Buffer> {
  const qr = await qrCodePng(certificate.publicUrl);
  const issuedAt = certificate.issuedAt === null ? new Date(certificate.createdAt) : new Date(certificate.issuedAt);
  return renderPdf(
    {
      title: `${CERTIFICATE_TITLE} — ${certificate.serverName}`,
      subject: `Certificate ${certificate.certificateId}`,
      createdAt: issuedAt,
    },
    (doc) => {
      drawTitleBand(doc, CERTIFICATE_TITLE, `Issued ${formatDateTime(issuedAt)}`);
      drawServer(doc, certificate);
      drawFactGrid(doc, [
        { caption: 'Owner', value: pdfSafeName(certificate.username ?? '', 'Not known') },
        { caption: 'Score of record', value: `${certificate.riskScore} / 100` },
        { caption: 'Audit completed', value: dateOf(certificate.auditCompletedAt) },
        { caption: 'Checklist version', value: certificate.checklistVersion },
        { caption: 'Valid from', value: dateOf(certificate.validFrom) },
        { caption: 'Valid until', value: dateOf(certificate.validUntil) },
        { caption: 'Certificate ID', value: certificate.certificateId },
        { caption: 'Critical issues', value: String(certificate.criticalIssues) },
      ]);
      drawVerification(doc, certificate, qr);
      drawPageFooters(doc, `Rampart  ·  certificate ${certificate.certificateId}`);
    },
  );
}
