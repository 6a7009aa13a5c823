import { timingSafeEqual } from 'node:crypto';
import { type BypassConfig, bypassCodeDigest } from '../../config-bypass.js';
import type { Database } from '../../db/client.js';
import { bypassUses } from '../../db/schema-commerce.js';
import { entitlements } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { findAccessibleServer } from '../audits/access.js';
import type { Caller } from '../auth/caller.js';
import { guardCodeAttempt, WRONG_CODE } from './code-guesses.js';

export const INVALID_BYPASS_CODE_MESSAGE = 'The bypass code is invalid or has expired.';

/** Hex digits of a code's SHA-256 kept with each use: enough to tell codes apart, useless to guess one. */
const FINGERPRINT_LENGTH = 12;

/**
 * Compares the code's digest with every configured one in constant time, and all of them every time, so
 * neither the answer's timing nor which code matched tells a guesser anything.
 */
function matchingDigest(config: BypassConfig, code: string): Buffer | null {
  const digest = bypassCodeDigest(code);
  let matched: Buffer | null = null;
  for (const candidate of config.codeDigests) {
    if (timingSafeEqual(candidate, digest)) matched = candidate;
  }
  return matched;
}

/**
 * A bypass code issued by staff grants the chosen server (one the caller may manage) a BYPASS
 * entitlement and records who used which code; a wrong code counts as a guess.
 */
export async function useBypassCode(
  deps: { db: Database; bypass: BypassConfig; now: () => Date },
  input: { caller: Caller; code: string; username: string; serverId: string; clientAddress: string },
): Promise<void> {
  const { db } = deps;
  const server = await findAccessibleServer(db, input.caller, input.serverId);
  const userId = input.caller.user.id;
  const now = deps.now();
  const outcome = await guardCodeAttempt(
    db,
    { kind: 'bypass', userId, clientAddress: input.clientAddress, now },
    async (tx) => {
      const digest = matchingDigest(deps.bypass, input.code);
      if (digest === null) return WRONG_CODE;
      const [entitlement] = await tx
        .insert(entitlements)
        .values({ userId, serverId: server.id, plan: 'BYPASS', source: 'bypass', createdAt: now })
        .returning({ id: entitlements.id });
      if (entitlement === undefined) throw new Error('the entitlement was not inserted');
      await tx.insert(bypassUses).values({
        codeFingerprint: digest.toString('hex').slice(0, FINGERPRINT_LENGTH),
        userId,
        serverId: server.id,
        username: input.username,
        entitlementId: entitlement.id,
        createdAt: now,
      });
      return entitlement.id;
    },
  );
  if (outcome === WRONG_CODE) throw new AppError('INVALID_BYPASS_CODE', INVALID_BYPASS_CODE_MESSAGE);
}
