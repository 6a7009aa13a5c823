import { describe, expect, it } from 'vitest';
import { csuStatusLabel } from './csu-status';

describe('csuStatusLabel', () => {
  it('is Pending until staff decide, then Verified or Denied', () => {
    expect(csuStatusLabel(null)).toBe('Pending');
    expect(csuStatusLabel(true)).toBe('Verified');
    expect(csuStatusLabel(false)).toBe('Denied');
  });
});
