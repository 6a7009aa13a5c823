import { badgePath, type CertificateStatus, verifyPath } from '../../../shared/certificate-rules';
import type { PublicCertificate } from '../../../shared/contracts/certificates';

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  pending: 'Pending',
  issued: 'Issued',
  rejected: 'Rejected',
  revoked: 'Revoked',
  expired: 'Expired',
  superseded: 'Superseded',
};

/** How the public page judges a certificate: only an issued one certifies the server today. */
export type VerdictTone = 'valid' | 'lapsed' | 'invalid';

export interface PublicVerdict {
  tone: VerdictTone;
  headline: string;
  explanation: string;
}

/** What the public page says first: whether the certificate is genuine, and whether it still counts. */
export function publicVerdict(certificate: Pick<PublicCertificate, 'status'>): PublicVerdict {
  switch (certificate.status) {
    case 'issued':
      return {
        tone: 'valid',
        headline: 'Valid certificate',
        explanation: 'This certificate is genuine: Rampart issued it, and it is current.',
      };
    case 'expired':
      return {
        tone: 'lapsed',
        headline: 'Certificate expired',
        explanation: 'Rampart issued this certificate, but its validity has ended. It no longer certifies the server.',
      };
    case 'superseded':
      return {
        tone: 'lapsed',
        headline: 'Certificate superseded',
        explanation:
          'Rampart issued this certificate for an earlier audit; a newer certificate of the server replaces it.',
      };
    case 'revoked':
      return {
        tone: 'invalid',
        headline: 'Certificate revoked',
        explanation: 'Rampart revoked this certificate. It no longer certifies the server.',
      };
    case 'pending':
      return {
        tone: 'invalid',
        headline: 'Certificate not yet approved',
        explanation: 'Rampart staff have not approved this certificate yet. It does not certify the server.',
      };
    case 'rejected':
      return {
        tone: 'invalid',
        headline: 'Certificate rejected',
        explanation: 'Rampart staff rejected this certificate. It does not certify the server.',
      };
  }
}

/** Whether the server still meets the bar by an audit newer than the one the certificate rests on. */
export function laterAuditText(laterAuditMeetsBar: boolean | null): string {
  if (laterAuditMeetsBar === null) return 'No later audit of this server has completed.';
  return laterAuditMeetsBar
    ? 'Yes: a later audit of this server still scores 90 or more with no critical issues.'
    : 'No: a later audit of this server scored below 90 or found critical issues.';
}

/** The HTML a site owner pastes to show the badge, linking to the public page. */
export function badgeEmbedSnippet(origin: string, certificateId: string): string {
  return `<a href="${origin}${verifyPath(certificateId)}"><img src="${origin}${badgePath(certificateId)}" alt="Rampart security certificate status" height="20"></a>`;
}
