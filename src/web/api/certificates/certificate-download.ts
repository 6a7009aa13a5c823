import { pathOf } from '../../../shared/contracts/endpoint';
import { downloadCertificate } from '../../../shared/contracts/routes';

export const CERTIFICATE_POPUP_NAME = 'rampart-certificate';
/** The certificate opens in a 1000x800 popup (part 2 §9). */
export const CERTIFICATE_POPUP_FEATURES = 'width=1000,height=800';

export function certificateDownloadUrl(id: string): string {
  return pathOf(downloadCertificate.path, { id });
}

/** Opens an issued certificate's PDF in its popup; false when the browser blocked the popup. */
export function openCertificatePopup(id: string, open: Window['open'] = window.open.bind(window)): boolean {
  const popup = open(certificateDownloadUrl(id), CERTIFICATE_POPUP_NAME, CERTIFICATE_POPUP_FEATURES);
  if (popup === null) return false;
  popup.focus();
  return true;
}
