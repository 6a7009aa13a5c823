import { describe, expect, it } from 'vitest';
import { avatarInitial } from './avatar-initial';

describe('avatarInitial', () => {
  it('is the upper-cased first letter, or U', () => {
    expect(avatarInitial('rampart')).toBe('R');
    expect(avatarInitial('  zed')).toBe('Z');
    expect(avatarInitial('')).toBe('U');
    expect(avatarInitial(null)).toBe('U');
  });
});
