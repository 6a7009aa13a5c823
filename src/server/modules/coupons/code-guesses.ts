import { and, count, eq, gt, lt, min, sql, type SQL } from 'drizzle-orm';
import { CODE_GUESS_LIMIT, CODE_GUESS_WINDOW_MINUTES } from '../../../shared/commerce-rules.js';
import type { Database } from '../../db/client.js';
import { codeAttempts } from '../../db/schema-commerce.js';
import { AppError } from '../../errors.js';
import type { Transaction } from '../orders/fulfilment.js';

const WINDOW_MS = CODE_GUESS_WINDOW_MINUTES * 60_000;

/** What a check answers when the code it was given matches nothing: counted as a guess. */
export const WRONG_CODE = Symbol('wrong code');

/** Too many wrong codes from this account or this address: the route sends `Retry-After` with it. */
export class CodeGuessLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', `Too many wrong codes. Try again in ${retryAfterSeconds} s.`);
  }
}

export interface CodeAttempt {
  kind: 'coupon' | 'bypass';
  userId: string;
  clientAddress: string;
  now: Date;
}

/**
 * Runs `check` (which looks the code up and, when it matches, writes what it grants) unless this account
 * or this client address has already sent CODE_GUESS_LIMIT wrong codes in the window; a wrong code is
 * recorded in the same transaction. Attempts of one account, and of one address, take advisory locks in
 * that order, so concurrent guesses are counted one after the other on every instance: a burst cannot
 * slip more wrong codes past the limit than it allows.
 */
export async function guardCodeAttempt<T>(
  db: Database,
  attempt: CodeAttempt,
  check: (tx: Transaction) => Promise<T | typeof WRONG_CODE>,
): Promise<T | typeof WRONG_CODE> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`code-attempts:user:${attempt.userId}`}, 0))`);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`code-attempts:address:${attempt.clientAddress}`}, 0))`,
    );
    const retryAfterSeconds = await secondsUntilAllowed(tx, attempt);
    if (retryAfterSeconds !== null) throw new CodeGuessLimitError(retryAfterSeconds);
    const result = await check(tx);
    if (result === WRONG_CODE) {
      const { kind, userId, clientAddress, now } = attempt;
      await tx.insert(codeAttempts).values({ kind, userId, clientAddress, createdAt: now });
      // Wrong codes are rare, so dropping those that left the window here keeps the table small.
      await tx.delete(codeAttempts).where(lt(codeAttempts.createdAt, new Date(now.getTime() - WINDOW_MS)));
    }
    return result;
  });
}

/** Null while both the account and the address are under the limit; else when the later of the two frees up. */
async function secondsUntilAllowed(tx: Transaction, attempt: CodeAttempt): Promise<number | null> {
  const since = new Date(attempt.now.getTime() - WINDOW_MS);
  const waits = await Promise.all([
    waitFor(tx, eq(codeAttempts.userId, attempt.userId), since),
    waitFor(tx, eq(codeAttempts.clientAddress, attempt.clientAddress), since),
  ]);
  const blocked = waits.filter((oldest): oldest is Date => oldest !== null);
  if (blocked.length === 0) return null;
  const freedAt = Math.max(...blocked.map((oldest) => oldest.getTime() + WINDOW_MS));
  return Math.max(1, Math.ceil((freedAt - attempt.now.getTime()) / 1000));
}

/** The oldest counted wrong code of one key when the key has reached the limit (it frees a try on leaving). */
async function waitFor(tx: Transaction, key: SQL, since: Date): Promise<Date | null> {
  const [row] = await tx
    .select({ attempts: count(), oldest: min(codeAttempts.createdAt) })
    .from(codeAttempts)
    .where(and(key, gt(codeAttempts.createdAt, since)));
  if (row === undefined || row.attempts < CODE_GUESS_LIMIT || row.oldest === null) return null;
  return row.oldest;
}
