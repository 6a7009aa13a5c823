import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, IDS, makeRole } from '../testing/make-snapshot.js';
import * as check from './inactive-roles.js';

describeCheckTable(check, [
  { name: 'every role has members: passes', expected: 'PASS', evidence: (e) => expect(e.emptyRoleCount).toBe(0) },
  {
    name: 'an empty cosmetic role passes with a warning',
    change: (s) => {
      s.guild.roles.push(makeRole('400000000000000099', 'Blue', 2, '0'));
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toEqual(['Role "Blue" has no members.']),
  },
  {
    name: 'an empty role with privileged bits fails',
    change: (s) => {
      s.guild.roles.push(makeRole('400000000000000099', 'Old Staff', 2, bits('KICK_MEMBERS', 'BAN_MEMBERS')));
    },
    expected: 'FAIL',
    evidence: (e) =>
      expect(e.rolesWithCriticalPerms).toEqual([
        expect.objectContaining({ name: 'Old Staff', permissionNames: ['Kick Members', 'Ban Members'], members: 0 }),
      ]),
  },
  {
    name: 'role member counts are enough without the member list',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = { [IDS.adminRole]: 2, [IDS.memberRole]: 11 };
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.emptyRoles).toEqual(['Moderator']),
  },
  {
    name: 'no members and no counts is UNKNOWN',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = null;
    },
    expected: 'UNKNOWN',
  },
]);
