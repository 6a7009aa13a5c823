import { hash, verify } from '@node-rs/argon2';

/*
 * argon2id with the library's defaults, which are OWASP's minimum for it (19 MiB of memory, 2 passes, 1
 * lane): the PHC string it returns names the algorithm and parameters, so they can be raised later without
 * breaking stored hashes. The defaults are relied on because the library's Algorithm is an ambient const
 * enum that isolated modules cannot name; the tests assert the stored prefix `$argon2id$`.
 */

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A malformed stored hash verifies as false rather than failing the sign-in with a 500. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash with the same parameters as every stored one, of a password nobody uses. Sign-in verifies against
 * it when the username is unknown, so an unknown user costs as long as a wrong password and the answer's
 * timing does not tell which usernames exist; its result is always ignored.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$h+XDdwsyovf+uKpWJph5dw$1CGc4ZVhPzlB7+Bmyxo32kg7ioRDEcz+GCIKb1AAVHE';

export async function spendVerificationTime(password: string): Promise<void> {
  await passwordMatches(DUMMY_HASH, password);
}
