import { z } from 'zod';
import { endpoint } from './endpoint.js';

export { AUTH_MESSAGE } from './auth-message.js';

export const CurrentUser = z.object({
  id: z.string(),
  discordId: z.string(),
  username: z.string(),
  discriminator: z.string(),
  globalName: z.string().nullable(),
  avatar: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const LogoutResponse = z.object({ ok: z.literal(true) });

/** Query of GET /api/auth/discord. */
export const StartSignInQuery = z.object({
  popup: z.enum(['1', 'true']).optional(),
});

/** Query the provider redirects back with. */
export const OAuthCallbackQuery = z.object({
  code: z.string().min(1).max(512).optional(),
  state: z.string().min(1).max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});

/** Codes the sign-in callback sends back in `/?error=`; the landing page shows one message per code. */
export const AuthErrorCode = z.enum([
  'discord_auth_failed',
  'no_auth_code',
  'token_exchange_failed',
  'user_fetch_failed',
  'auth_exception',
]);
export type AuthErrorCode = z.infer<typeof AuthErrorCode>;

/** Where Discord sends the browser back after consent; registered with Discord as the redirect URI. */
export const OAUTH_CALLBACK_PATH = '/api/auth/discord/callback';

export const startSignIn = endpoint({
  name: 'startSignIn',
  method: 'GET',
  path: '/api/auth/discord',
  access: 'public',
  summary: "Start signing in with Discord: stores a single-use state and redirects to Discord's consent page.",
  query: StartSignInQuery,
  response: { mediaType: 'text/html', description: "A redirect to Discord's consent page" },
  status: 302,
  errors: ['BAD_REQUEST', 'RATE_LIMITED'],
});

export const completeSignIn = endpoint({
  name: 'completeSignIn',
  method: 'GET',
  path: OAUTH_CALLBACK_PATH,
  access: 'public',
  summary: 'Discord redirects here; signs the user in and redirects to the app (or answers the popup).',
  query: OAuthCallbackQuery,
  response: { mediaType: 'text/html', description: 'A redirect to the app, or the popup result page' },
  status: 302,
  errors: ['BAD_REQUEST', 'RATE_LIMITED'],
});

export const getPopupScript = endpoint({
  name: 'getPopupScript',
  method: 'GET',
  path: '/api/auth/popup-result.js',
  access: 'public',
  summary: "The popup result page's script, which tells the opener how sign-in ended.",
  response: { mediaType: 'text/javascript', description: 'The popup script' },
  status: 200,
  errors: [],
});

export const getCurrentUser = endpoint({
  name: 'getCurrentUser',
  method: 'GET',
  path: '/api/auth/me',
  access: 'user',
  summary: 'The signed-in user.',
  response: CurrentUser,
  status: 200,
  errors: ['UNAUTHORIZED'],
});

export const logout = endpoint({
  name: 'logout',
  method: 'POST',
  path: '/api/auth/logout',
  access: 'public',
  summary: "End the caller's session, if any, and close its sockets.",
  response: LogoutResponse,
  status: 200,
  errors: ['FORBIDDEN', 'RATE_LIMITED'],
});
