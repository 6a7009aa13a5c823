import { describe, expect, it } from 'vitest';
import { generatedDiscordId } from './discord-id.js';

describe('generatedDiscordId', () => {
  it('has the contract’s shape but lies above every 64-bit snowflake', () => {
    for (let i = 0; i < 200; i += 1) {
      const id = generatedDiscordId();
      expect(id).toMatch(/^\d{17,20}$/);
      expect(BigInt(id)).toBeGreaterThanOrEqual(2n ** 64n);
    }
  });

  it('differs from one account to the next', () => {
    const ids = new Set(Array.from({ length: 100 }, () => generatedDiscordId()));
    expect(ids.size).toBe(100);
  });
});
