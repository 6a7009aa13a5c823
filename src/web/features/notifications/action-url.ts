/**
 * The in-app path a notification's actionUrl points to, or null when it points nowhere or away from this
 * app: a notification must never send the reader to another origin, whatever the stored text says.
 */
export function inAppPath(actionUrl: string | null, origin: string): string | null {
  if (actionUrl === null) return null;
  const trimmed = actionUrl.trim();
  // An absolute path or a full http(s) URL; '//host' and '/\host' are other origins to a browser.
  const isPath = trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\');
  if (!isPath && !/^https?:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
