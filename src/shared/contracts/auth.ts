import { z } from 'zod';

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

/** The message the popup posts to its opener. */
export const AUTH_MESSAGE = { success: 'auth:success', error: 'auth:error' } as const;

/** Codes the landing page maps to messages (spec part 1 §8). */
export const AuthErrorCode = z.enum([
  'discord_auth_failed',
  'no_auth_code',
  'token_exchange_failed',
  'user_fetch_failed',
  'auth_exception',
]);
export type AuthErrorCode = z.infer<typeof AuthErrorCode>;
