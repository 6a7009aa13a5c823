import { describe, expect, it, vi } from 'vitest';
import {
  CERTIFICATE_POPUP_FEATURES,
  CERTIFICATE_POPUP_NAME,
  certificateDownloadUrl,
  openCertificatePopup,
} from './certificate-download';

describe('the certificate popup', () => {
  it('opens the download address in a 1000x800 popup', () => {
    const focus = vi.fn();
    const open = vi.fn(() => ({ focus }) as unknown as Window);
    expect(openCertificatePopup('c1', open)).toBe(true);
    expect(open).toHaveBeenCalledWith('/api/certificates/c1/download', CERTIFICATE_POPUP_NAME, 'width=1000,height=800');
    expect(CERTIFICATE_POPUP_FEATURES).toBe('width=1000,height=800');
    expect(focus).toHaveBeenCalled();
  });

  it('says when the browser blocked it', () => {
    expect(openCertificatePopup('c1', () => null)).toBe(false);
  });

  it('escapes the id in the address', () => {
    expect(certificateDownloadUrl('a/b')).toBe('/api/certificates/a%2Fb/download');
  });
});
