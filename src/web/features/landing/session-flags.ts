/** Set by sign-in flows that make the user an admin, read once by the landing redirect. */
export const JUST_LOGGED_IN_AS_ADMIN_KEY = 'rampart:just-logged-in-as-admin';

/** Reads and clears the flag in one go, so it steers exactly one redirect. */
export function takeJustLoggedInAsAdmin(): boolean {
  try {
    const set = window.sessionStorage.getItem(JUST_LOGGED_IN_AS_ADMIN_KEY) !== null;
    if (set) window.sessionStorage.removeItem(JUST_LOGGED_IN_AS_ADMIN_KEY);
    return set;
  } catch {
    return false;
  }
}
