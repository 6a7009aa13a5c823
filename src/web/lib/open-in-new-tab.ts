/**
 * A tab opened at once, while the click still counts as the user's (a browser blocks a popup opened after
 * an awaited request), and sent to an address known only later. The opener is cut before it leaves our
 * origin, as `noopener` would, which `window.open` cannot do itself here: with `noopener` it returns no
 * window to send anywhere, and no way to tell that the popup was blocked.
 */
export interface PendingTab {
  go: (url: string) => void;
  close: () => void;
}

/** Null when the browser blocked the popup. */
export function openPendingTab(view: Pick<Window, 'open'> = window): PendingTab | null {
  const tab = view.open('about:blank', '_blank');
  if (tab === null) return null;
  tab.opener = null;
  return {
    go: (url) => tab.location.replace(url),
    close: () => tab.close(),
  };
}
