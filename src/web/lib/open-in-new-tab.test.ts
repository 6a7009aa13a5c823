import { describe, expect, it } from 'vitest';
import { openPendingTab } from './open-in-new-tab';

function fakeTab() {
  return { opener: {} as unknown, replaced: [] as string[], closed: false };
}

describe('openPendingTab', () => {
  it('is null when the popup was blocked', () => {
    expect(openPendingTab({ open: () => null })).toBeNull();
  });

  it('opens a blank tab at once, cuts its opener and sends it on later', () => {
    const state = fakeTab();
    const opened: unknown[][] = [];
    const tab = {
      get opener() {
        return state.opener;
      },
      set opener(value: unknown) {
        state.opener = value;
      },
      location: { replace: (url: string) => state.replaced.push(url) },
      close: () => (state.closed = true),
    };
    const pending = openPendingTab({
      open: (...args: unknown[]) => {
        opened.push(args);
        return tab as unknown as Window;
      },
    });
    expect(opened).toEqual([['about:blank', '_blank']]);
    expect(state.opener).toBeNull();
    pending?.go('https://nowpayments.io/payment/?iid=42');
    expect(state.replaced).toEqual(['https://nowpayments.io/payment/?iid=42']);
    pending?.close();
    expect(state.closed).toBe(true);
  });
});
