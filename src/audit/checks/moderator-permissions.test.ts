import { expect } from 'vitest';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, IDS, makeMember, roleNamed } from '../testing/make-snapshot.js';
import * as check from './moderator-permissions.js';

function addModerators(count: number) {
  return (s: AuditSnapshot) => {
    for (let i = 0; i < count; i += 1)
      s.members?.push(makeMember(`21000000000000000${10 + i}`, `mod${i}`, [IDS.moderatorRole]));
  };
}

describeCheckTable(check, [
  {
    name: 'one clean moderator role with one holder passes',
    expected: 'PASS',
    evidence: (e) => expect(e).toMatchObject({ moderatorCount: '1', membersWithElevatedPerms: 1 }),
  },
  {
    name: 'moderator role that can also manage roles fails',
    change: (s) => {
      roleNamed(s, 'Moderator').permissions = bits('BAN_MEMBERS', 'MANAGE_ROLES');
    },
    expected: 'FAIL',
    evidence: (e) =>
      expect(e.rolesWithCriticalPerms?.[0]).toMatchObject({
        name: 'Moderator',
        permissionNames: ['Ban Members', 'Manage Roles'],
      }),
  },
  {
    name: 'moderator role with MANAGE_WEBHOOKS fails',
    change: (s) => {
      roleNamed(s, 'Moderator').permissions = bits('MANAGE_MESSAGES', 'MANAGE_WEBHOOKS');
    },
    expected: 'FAIL',
  },
  { name: 'five moderators still pass (floor of 5)', change: addModerators(4), expected: 'PASS' },
  { name: 'six moderators in a small guild fail', change: addModerators(5), expected: 'FAIL' },
  {
    name: 'no moderator role passes with a warning',
    change: (s) => {
      roleNamed(s, 'Moderator').permissions = bits('VIEW_CHANNEL');
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings?.[0]).toContain('No moderator role'),
  },
  {
    name: 'without the member list, role counts within the limit pass',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = { [IDS.moderatorRole]: 3 };
    },
    expected: 'PASS',
  },
  {
    name: 'without members or role counts the holder count is UNKNOWN',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = null;
    },
    expected: 'UNKNOWN',
    evidence: (e) => expect(e.missingData?.[0]).toContain('GUILD_MEMBERS'),
  },
  {
    name: 'an overreaching role fails even when counts are unreadable',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = null;
      roleNamed(s, 'Moderator').permissions = bits('KICK_MEMBERS', 'MANAGE_GUILD');
    },
    expected: 'FAIL',
  },
]);
