import { describe, expect, it, vi } from 'vitest';
import { openReportPopup, REPORT_POPUP_FEATURES, reportFileName, reportUrl } from './report';

describe('report helpers', () => {
  it('builds the report address and file name from the audit id', () => {
    expect(reportUrl('a1b2')).toBe('/api/audits/a1b2/download-report');
    expect(reportFileName('a1b2')).toBe('rampart-audit-a1b2.pdf');
  });

  it('opens a 1200x800 popup', () => {
    const focus = vi.fn();
    const open = vi.fn(() => ({ focus }) as unknown as Window);
    expect(openReportPopup('a1', open)).toBe('opened');
    expect(open).toHaveBeenCalledWith('/api/audits/a1/download-report', 'rampart-report', REPORT_POPUP_FEATURES);
    expect(REPORT_POPUP_FEATURES).toBe('width=1200,height=800');
    expect(focus).toHaveBeenCalled();
  });

  it('tells a blocked popup from a failure', () => {
    expect(openReportPopup('a1', () => null)).toBe('blocked');
    expect(
      openReportPopup('a1', () => {
        throw new Error('denied');
      }),
    ).toBe('failed');
  });
});
