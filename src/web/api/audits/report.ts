import { downloadAuditReport } from '../../../shared/contracts/routes';
import { pathOf } from '../../../shared/contracts/endpoint';
import { fetchRawEndpoint } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-file';

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
  saveBlob(await response.blob(), reportFileName(auditId));
}
