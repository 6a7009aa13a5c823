import { downloadAuditReport } from '../../../shared/contracts/routes';
import { pathOf } from '../../../shared/contracts/endpoint';
import { fetchRawEndpoint } from '../../lib/api-client';

export const REPORT_POPUP_NAME = 'rampart-report';
/** The report opens in a 1200x800 popup. */
export const REPORT_POPUP_FEATURES = 'width=1200,height=800';

export function reportUrl(auditId: string): string {
  return pathOf(downloadAuditReport.path, { id: auditId });
}

export function reportFileName(auditId: string): string {
  return `rampart-audit-${auditId}.pdf`;
}

export type PopupOutcome = 'opened' | 'blocked' | 'failed';

/** Opens the PDF in the report popup; the browser sends the session cookie with it. */
export function openReportPopup(auditId: string, open: Window['open'] = window.open.bind(window)): PopupOutcome {
  try {
    const popup = open(reportUrl(auditId), REPORT_POPUP_NAME, REPORT_POPUP_FEATURES);
    if (popup === null) return 'blocked';
    popup.focus();
    return 'opened';
  } catch {
    return 'failed';
  }
}

/** Saves the PDF as a file named after the audit (mobile, where popups make a poor reader). */
export async function downloadReport(auditId: string): Promise<void> {
  const response = await fetchRawEndpoint(downloadAuditReport, { params: { id: auditId } });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = reportFileName(auditId);
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  } finally {
    // The click has handed the blob to the download manager; later revocation keeps slow browsers safe.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
