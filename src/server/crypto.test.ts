import { describe, expect, it } from 'vitest';
import { randomToken, sha256, TokenSealer } from './crypto.js';

describe('TokenSealer', () => {
  const sealer = new TokenSealer('a'.repeat(40));

  it('round-trips and never stores the plain text', () => {
    const sealed = sealer.seal('discord-access-token');
    expect(sealed).not.toContain('discord-access-token');
    expect(sealer.open(sealed)).toBe('discord-access-token');
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
  });

  it('refuses values sealed under another secret or tampered with', () => {
    const sealed = sealer.seal('token');
    expect(new TokenSealer('b'.repeat(40)).open(sealed)).toBeNull();
    const [iv, tag, body] = sealed.split('.');
    expect(sealer.open([iv, tag, `${body}A`].join('.'))).toBeNull();
    expect(sealer.open('garbage')).toBeNull();
  });
});

describe('tokens', () => {
  it('makes unguessable url-safe tokens and stable hashes', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(token);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
