import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthErrorCode, CurrentUser } from '../../../shared/contracts/auth.js';
import { randomToken, sha256, type TokenSealer } from '../../crypto.js';
import type { Database } from '../../db/client.js';
import { oauthStates, sessions, users } from '../../db/schema.js';
import { testAccounts } from '../../db/schema-staff.js';
import { type DiscordOAuthClient, TokenExchangeError } from '../../integrations/discord/oauth-client.js';
import type { UserRow } from '../../db/rows.js';
import type { DiscordUser, DiscordUsers } from '../../integrations/discord/user-client.js';
import { syncUserServers } from '../servers/server-list-sync.js';
import type { SessionStore } from './session-store.js';

const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** A sign-in that failed, with the code the landing page shows a message for. */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export async function startSignIn(options: { db: Database; oauth: DiscordOAuthClient; popup: boolean }) {
  const state = randomToken(24);
  const { url, codeVerifier } = options.oauth.createAuthorizationUrl(state);
  await options.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
  await options.db.insert(oauthStates).values({
    state,
    codeVerifier,
    popup: options.popup,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
  return { url: url.toString(), state };
}

/**
 * The pending sign-in, so the callback knows whether it runs in a popup. It is consumed only when this
 * browser holds its state cookie: whoever merely learnt the state value (it travels in URLs) must not be
 * able to cancel someone else's sign-in.
 */
async function takePendingSignIn(db: Database, state: string | undefined, browserState: string | undefined) {
  if (state === undefined) return { popup: false, consumed: undefined };
  const live = and(eq(oauthStates.state, state), gt(oauthStates.expiresAt, new Date()));
  if (browserState !== state) {
    const [row] = await db.select({ popup: oauthStates.popup }).from(oauthStates).where(live);
    return { popup: row?.popup ?? false, consumed: undefined };
  }
  const [row] = await db.delete(oauthStates).where(live).returning();
  return { popup: row?.popup ?? false, consumed: row };
}

export interface CompleteSignInOptions {
  db: Database;
  sessions: Pick<SessionStore, 'revoke'>;
  oauth: DiscordOAuthClient;
  sealer: TokenSealer;
  discordUsers: DiscordUsers;
  sessionTtlMs: number;
  query: { code?: string; state?: string; error?: string };
  /** The state remembered in this browser's cookie when sign-in started. */
  browserState: string | undefined;
  /** A session this browser already had: replaced, not left behind. */
  previousSessionToken: string | undefined;
  log: FastifyBaseLogger;
}

export interface CompletedSignIn {
  sessionToken: string;
  expiresAt: Date;
  popup: boolean;
  user: UserRow;
}

export async function completeSignIn(
  options: CompleteSignInOptions,
): Promise<{ popup: boolean } & ({ ok: true; signIn: CompletedSignIn } | { ok: false; error: SignInError })> {
  const { db, query } = options;
  const { popup, consumed: pending } = await takePendingSignIn(db, query.state, options.browserState);
  try {
    if (query.error !== undefined) {
      throw new SignInError('discord_auth_failed', `Discord returned ${query.error}`);
    }
    if (pending === undefined) {
      throw new SignInError('discord_auth_failed', 'Sign-in state is missing, expired or belongs to another browser');
    }
    if (query.code === undefined) {
      throw new SignInError('no_auth_code', 'Discord did not send an authorization code');
    }
    const tokens = await options.oauth.exchangeCode(query.code, pending.codeVerifier);
    let profile: DiscordUser;
    try {
      profile = await options.discordUsers.withToken(tokens.accessToken).getCurrentUser();
    } catch (error) {
      throw new SignInError('user_fetch_failed', 'Could not read the Discord profile', { cause: error });
    }
    const user = await upsertUser(db, options.sealer, profile, tokens);
    await syncUserServers(options, user, options.log);
    if (options.previousSessionToken !== undefined) await options.sessions.revoke(options.previousSessionToken);
    await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    const session = await createSession(db, user.id, options.sessionTtlMs);
    return { ok: true, popup, signIn: { ...session, popup, user } };
  } catch (error) {
    if (error instanceof SignInError) return { ok: false, popup, error };
    if (error instanceof TokenExchangeError) {
      return { ok: false, popup, error: new SignInError('token_exchange_failed', error.message, { cause: error }) };
    }
    return {
      ok: false,
      popup,
      error: new SignInError('auth_exception', 'Unexpected sign-in failure', { cause: error }),
    };
  }
}

async function upsertUser(
  db: Database,
  sealer: TokenSealer,
  profile: DiscordUser,
  tokens: { accessToken: string; expiresAt: Date },
): Promise<UserRow> {
  const values = {
    discordId: profile.id,
    username: profile.username,
    discriminator: profile.discriminator,
    globalName: profile.global_name ?? null,
    avatar: profile.avatar ?? null,
    mfaEnabled: profile.mfa_enabled ?? null,
    discordAccessTokenEnc: sealer.seal(tokens.accessToken),
    discordTokenExpiresAt: tokens.expiresAt,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.discordId, set: values })
    .returning();
  if (row === undefined) throw new Error('user upsert returned no row');
  // A real Discord sign-in proves a person behind this id: a test account made for it no longer owns the
  // row, so deleting that account can never delete the person's user.
  await db
    .update(testAccounts)
    .set({ ownsUser: false })
    .where(and(eq(testAccounts.userId, row.id), eq(testAccounts.ownsUser, true)));
  return row;
}

/** A new session for the user: the opaque token goes to the cookie, only its SHA-256 is stored. */
export async function createSession(db: Database, userId: string, ttlMs: number) {
  const sessionToken = randomToken(32);
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({ tokenHash: sha256(sessionToken), userId, expiresAt });
  return { sessionToken, expiresAt };
}

export function toCurrentUser(user: UserRow, isAdmin: boolean): CurrentUser {
  return {
    id: user.id,
    discordId: user.discordId,
    username: user.username,
    discriminator: user.discriminator,
    globalName: user.globalName,
    avatar: user.avatar,
    isAdmin,
  };
}
