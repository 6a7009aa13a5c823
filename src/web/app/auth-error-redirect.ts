/** Spec part 1 §2: pages where a 401 is expected (a visitor may be there) and must not bounce to /. */
const STAY_ON_AUTH_ERROR = new Set(['/', '/paywall', '/about-our-audit']);

export function shouldLeaveAfterAuthError(pathname: string): boolean {
  return !STAY_ON_AUTH_ERROR.has(pathname);
}
