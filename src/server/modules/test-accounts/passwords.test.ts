import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, passwordMatches } from './passwords.js';

/** The PHC string up to the salt: algorithm, version and cost parameters. */
const parametersOf = (phc: string) => phc.split('$').slice(0, 4).join('$');

describe('test account passwords', () => {
  it('hashes with argon2id at OWASP’s minimum parameters, salted per hash', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(parametersOf(first)).toBe('$argon2id$v=19$m=19456,t=2,p=1');
    expect(first).not.toBe(second);
  });

  it('verifies the right password only, and a malformed hash as a mismatch', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(await passwordMatches(stored, 'correct horse battery staple')).toBe(true);
    expect(await passwordMatches(stored, 'correct horse battery stapler')).toBe(false);
    expect(await passwordMatches('not a hash', 'anything')).toBe(false);
  });

  it('keeps the dummy hash at the parameters of stored hashes, so an unknown user costs the same', async () => {
    expect(parametersOf(DUMMY_HASH)).toBe(parametersOf(await hashPassword('any password')));
  });
});
