import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, computeBasePermissions, hasPermission, Permission } from '../shared/permissions.js';
import { indexGuild, snowflakeTimestampMs } from './guild-index.js';
import { estimateHolders, findMembers } from './holders.js';
import { makeLargeSnapshot } from './testing/make-large-snapshot.js';
import { bits, COLLECTED_AT, IDS, makeMember, makeSnapshot, snowflakeDaysBefore } from './testing/make-snapshot.js';

describe('indexGuild', () => {
  it('gives every member the same base permissions as computeBasePermissions', () => {
    const snapshot = makeLargeSnapshot({ roles: 40, channels: 10, members: 2_000 });
    snapshot.members?.push(makeMember('230000000000000001', 'two-roles', [IDS.moderatorRole, IDS.adminRole]));
    const index = indexGuild(snapshot);
    for (const member of index.members ?? []) {
      expect(member.basePermissions).toBe(
        computeBasePermissions(index.permissionContext, { userId: member.userId, roleIds: member.roleIds }),
      );
    }
    expect(index.members?.find((member) => member.username === 'two-roles')?.basePermissions).toBe(ALL_PERMISSIONS);
  });

  it('orders roles highest first, ties by lower id first', () => {
    const index = indexGuild(
      makeSnapshot((s) => {
        s.guild.roles.push({
          ...s.guild.roles[5],
          id: '400000000000000000',
          name: 'Tied',
          position: 5,
        } as (typeof s.guild.roles)[number]);
      }),
    );
    expect(index.roles.map((role) => role.name).slice(0, 3)).toEqual(['Rampart', 'Tied', 'Admin']);
    expect(index.everyone.isEveryone).toBe(true);
  });

  it('keeps our audit bot out of the member list but reports it', () => {
    const index = indexGuild(makeSnapshot());
    expect(index.members?.some((member) => member.userId === IDS.auditBot)).toBe(false);
    expect(index.auditBot).toEqual({ name: 'Rampart', excluded: true });
    expect(index.auditBotRole?.name).toBe('Rampart');
    expect(index.owner?.userId).toBe(IDS.owner);
    expect(index.totalMembers).toBe(15);
  });

  it('counts role holders over the whole member list', () => {
    const index = indexGuild(makeSnapshot());
    expect(index.roleHolders?.get(IDS.memberRole)).toBe(11);
    expect(index.roleHolders?.get(IDS.auditBotRole)).toBe(1);
  });

  it('finds a few members in one scan', () => {
    const index = indexGuild(makeSnapshot());
    const found = findMembers(index, [IDS.admin, '299999999999999999']);
    expect([...(found?.keys() ?? [])]).toEqual([IDS.admin]);
    const withoutMembers = makeSnapshot((s) => {
      s.members = null;
    });
    expect(findMembers(indexGuild(withoutMembers), [IDS.admin])).toBeNull();
  });
});

describe('estimateHolders', () => {
  const admins = {
    role: (role: { permissions: bigint }) => hasPermission(role.permissions, Permission.ADMINISTRATOR),
    member: (member: { basePermissions: bigint }) => hasPermission(member.basePermissions, Permission.ADMINISTRATOR),
    ownerCounts: true,
  };

  it('counts exactly from the member list, owner included and our bot left out', () => {
    const snapshot = makeSnapshot();
    expect(estimateHolders(indexGuild(snapshot), snapshot, admins)).toEqual({ kind: 'exact', count: 2 });
  });

  it('bounds the count from role member counts', () => {
    const snapshot = makeSnapshot((s) => {
      s.members = null;
      s.roleMemberCounts = { [IDS.adminRole]: 2, [IDS.helperBotRole]: 1 };
      const helper = s.guild.roles.find((role) => role.id === IDS.helperBotRole);
      if (helper) helper.permissions = bits('ADMINISTRATOR');
    });
    expect(estimateHolders(indexGuild(snapshot), snapshot, admins)).toEqual({ kind: 'range', min: 2, max: 4 });
  });

  it('is unknown with neither members nor counts', () => {
    const snapshot = makeSnapshot((s) => {
      s.members = null;
      s.roleMemberCounts = null;
    });
    expect(estimateHolders(indexGuild(snapshot), snapshot, admins)).toEqual({ kind: 'unknown' });
  });
});

describe('snowflakeTimestampMs', () => {
  it('reads the creation time of a snowflake', () => {
    expect(snowflakeTimestampMs(snowflakeDaysBefore(0))).toBe(Date.parse(COLLECTED_AT));
    expect(snowflakeTimestampMs('175928847299117063')).toBe(1462015105796);
  });
});
