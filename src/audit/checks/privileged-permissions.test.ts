import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, IDS, makeMember, roleNamed } from '../testing/make-snapshot.js';
import * as check from './privileged-permissions.js';

describeCheckTable(check, [
  {
    name: 'owner plus one admin (our admin bot excluded) passes',
    expected: 'PASS',
    evidence: (e) => {
      expect(e).toMatchObject({ administratorCount: '2', totalMembers: 15 });
      expect(e.rolesWithCriticalPerms?.map((role) => role.name)).toEqual(['Admin', 'Moderator']);
      expect(e.members?.map((member) => member.displayName)).toEqual(['owner', 'admin', 'moderator']);
    },
  },
  {
    name: 'three administrators (owner included) pass',
    change: (s) => {
      s.members?.push(makeMember('210000000000000001', 'admin2', [IDS.adminRole]));
    },
    expected: 'PASS',
  },
  {
    name: 'four administrators fail',
    change: (s) => {
      s.members?.push(makeMember('210000000000000001', 'admin2', [IDS.adminRole]));
      s.members?.push(makeMember('210000000000000002', 'admin3', [IDS.adminRole]));
    },
    expected: 'FAIL',
  },
  {
    name: 'a third-party bot with ADMINISTRATOR counts toward the limit',
    change: (s) => {
      roleNamed(s, 'HelperBot').permissions = bits('ADMINISTRATOR');
      s.members?.push(makeMember('210000000000000001', 'admin2', [IDS.adminRole]));
    },
    expected: 'FAIL',
  },
  {
    name: 'a self-assignable onboarding role with privileged bits fails',
    change: (s) => {
      Object.assign(roleNamed(s, 'Member'), { permissions: bits('MENTION_EVERYONE'), flags: 1, mentionable: true });
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.selfAssignableRoles).toEqual(['Member']),
  },
  {
    name: 'a role offered in an onboarding prompt counts as self-assignable',
    change: (s) => {
      roleNamed(s, 'Member').permissions = bits('MANAGE_NICKNAMES');
      if (s.onboarding) {
        s.onboarding.prompts = [
          {
            id: '610000000000000001',
            type: 0,
            title: 'Roles',
            single_select: false,
            required: false,
            in_onboarding: true,
            options: [
              {
                id: '610000000000000002',
                title: 'Member',
                description: null,
                channel_ids: [],
                role_ids: [IDS.memberRole],
                emoji: { id: null, name: null },
              },
            ],
          },
        ];
      }
    },
    expected: 'FAIL',
  },
  {
    name: 'a hoisted admin role that nobody picks themselves is fine',
    change: (s) => {
      roleNamed(s, 'Admin').mentionable = true;
    },
    expected: 'PASS',
  },
  {
    name: 'role counts alone that settle the admin count pass',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = { [IDS.adminRole]: 2 };
    },
    expected: 'PASS',
    evidence: (e) => expect(e.administratorCount).toBe('between 2 and 3'),
  },
  {
    name: 'role counts alone with too many admins fail',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = { [IDS.adminRole]: 4 };
    },
    expected: 'FAIL',
  },
  {
    name: 'role counts that only bound the admin count around the limit are UNKNOWN',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = { [IDS.adminRole]: 3 };
    },
    expected: 'UNKNOWN',
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
