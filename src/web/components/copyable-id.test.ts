import { describe, expect, it } from 'vitest';
import { DISCORD_ID_LENGTH, truncateId } from './copyable-id';

describe('truncateId', () => {
  it('cuts ids to 8 characters and Discord ids to 12, leaving shorter ones whole', () => {
    expect(truncateId('0f8c2a4e-1111-4222-8333-444455556666')).toBe('0f8c2a4e');
    expect(truncateId('1100000000000000002', DISCORD_ID_LENGTH)).toBe('110000000000');
    expect(truncateId('abc')).toBe('abc');
  });
});
