import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import { sessions, users } from '../../db/schema.js';
import { testAccounts } from '../../db/schema-staff.js';
import { AppError } from '../../errors.js';
import type { SessionStore } from '../auth/session-store.js';
import { createSession } from '../auth/service.js';
import { passwordMatches, spendVerificationTime } from './passwords.js';

/** One answer for an unknown username and a wrong password alike: it tells no one which usernames exist. */
export const WRONG_CREDENTIALS = 'Wrong username or password.';
export const TEST_ACCOUNT_SIGN_IN_OFF = 'Test account sign-in is not enabled here.';

export interface TestAccountSignInOptions {
  db: Database;
  sessions: Pick<SessionStore, 'revoke'>;
  sessionTtlMs: number;
  username: string;
  password: string;
  /** A session this browser already had: replaced, as the Discord sign-in replaces it. */
  previousSessionToken: string | undefined;
}

/**
 * The staff sign-in form: the account's password is verified (against a dummy hash when the username is
 * unknown, so both failures take as long) and a session of the user the account acts as is created the way
 * the Discord sign-in creates one.
 */
export async function signInWithTestAccount(
  options: TestAccountSignInOptions,
): Promise<{ user: UserRow; sessionToken: string; expiresAt: Date }> {
  const { db } = options;
  const [found] = await db
    .select({ passwordHash: testAccounts.passwordHash, user: users })
    .from(testAccounts)
    .innerJoin(users, eq(users.id, testAccounts.userId))
    .where(eq(testAccounts.username, options.username.toLowerCase()));
  if (found === undefined) {
    await spendVerificationTime(options.password);
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  }
  if (!(await passwordMatches(found.passwordHash, options.password)))
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  if (options.previousSessionToken !== undefined) await options.sessions.revoke(options.previousSessionToken);
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  const session = await createSession(db, found.user.id, options.sessionTtlMs);
  return { user: found.user, ...session };
}
