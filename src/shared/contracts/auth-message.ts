/** The message the sign-in popup posts to its opener (no schema here, so the page's first load stays small). */
export const AUTH_MESSAGE = { success: 'auth:success', error: 'auth:error' } as const;
