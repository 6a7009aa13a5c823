import { describe, expect, it } from 'vitest';
import { Permission } from '../../../../shared/permissions';
import { roleDisplayName, summarizePermissions } from './permission-names';

const mask = (...bits: bigint[]) => bits.reduce((all, bit) => all | bit, 0n).toString();

describe('summarizePermissions', () => {
  it('names every critical permission, in table order', () => {
    const summary = summarizePermissions(
      mask(Permission.MANAGE_ROLES, Permission.ADMINISTRATOR, Permission.BAN_MEMBERS),
    );
    expect(summary.critical).toEqual(['Ban Members', 'Administrator', 'Manage Roles']);
    expect(summary.others).toEqual([]);
    expect(summary.hiddenOthers).toBe(0);
  });

  it('names at most three other permissions and counts the rest', () => {
    const summary = summarizePermissions(
      mask(
        Permission.SEND_MESSAGES,
        Permission.VIEW_CHANNEL,
        Permission.ADD_REACTIONS,
        Permission.EMBED_LINKS,
        Permission.ATTACH_FILES,
        Permission.CONNECT,
      ),
    );
    expect(summary.critical).toEqual(['Send Messages']);
    expect(summary.others).toEqual(['Add Reactions', 'View Channel', 'Embed Links']);
    expect(summary.hiddenOthers).toBe(2);
  });

  it('handles bits above 2^53 and malformed masks', () => {
    expect(summarizePermissions(mask(Permission.PIN_MESSAGES)).others).toEqual(['Pin Messages']);
    expect(summarizePermissions('not a number')).toEqual({ critical: [], others: [], hiddenOthers: 0 });
    expect(summarizePermissions('0')).toEqual({ critical: [], others: [], hiddenOthers: 0 });
  });
});

describe('roleDisplayName', () => {
  it("reads '*' as everyone", () => {
    expect(roleDisplayName('*')).toBe('@everyone (all members)');
    expect(roleDisplayName('Moderators')).toBe('Moderators');
  });
});
