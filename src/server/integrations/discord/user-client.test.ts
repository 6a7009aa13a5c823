import { describe, expect, it } from 'vitest';
import { canManageGuild } from './user-client.js';

describe('canManageGuild', () => {
  it.each([
    { name: 'owner without permission bits', guild: { owner: true, permissions: '0' }, expected: true },
    { name: 'ADMINISTRATOR', guild: { owner: false, permissions: '8' }, expected: true },
    { name: 'MANAGE_GUILD', guild: { owner: false, permissions: '32' }, expected: true },
    { name: 'plain member', guild: { owner: false, permissions: '1024' }, expected: false },
    { name: 'bits above 2^53 only', guild: { owner: false, permissions: '9007199254740992' }, expected: false },
  ])('$name → $expected', ({ guild, expected }) => {
    expect(canManageGuild(guild)).toBe(expected);
  });
});
