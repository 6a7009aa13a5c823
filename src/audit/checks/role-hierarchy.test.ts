import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, IDS, makeRole, roleNamed } from '../testing/make-snapshot.js';
import * as check from './role-hierarchy.js';

describeCheckTable(check, [
  {
    name: 'human Admin above every other powerful role passes (our bot on top is ignored)',
    expected: 'PASS',
    evidence: (e) =>
      expect(e).toMatchObject({
        highestHumanAdminRole: 'Admin',
        topRole: 'Admin',
        auditBot: { name: 'Rampart', excluded: true },
      }),
  },
  {
    name: 'a third-party bot role with MANAGE_ROLES above Admin fails',
    change: (s) => {
      Object.assign(roleNamed(s, 'HelperBot'), { position: 7, permissions: bits('MANAGE_ROLES', 'SEND_MESSAGES') });
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.rolesWithCriticalPerms?.[0]?.name).toBe('HelperBot'),
  },
  {
    name: 'a manual Manage Roles role above Admin fails',
    change: (s) => {
      s.guild.roles.push(makeRole('400000000000000099', 'Role Manager', 7, bits('MANAGE_ROLES')));
    },
    expected: 'FAIL',
  },
  {
    name: 'a bot with ADMINISTRATOR as the top role fails even with no human admin role',
    change: (s) => {
      roleNamed(s, 'Admin').permissions = bits('MANAGE_MESSAGES');
      Object.assign(roleNamed(s, 'HelperBot'), { position: 7, permissions: bits('ADMINISTRATOR') });
    },
    expected: 'FAIL',
  },
  {
    name: 'a bot role without power above Admin passes',
    change: (s) => {
      roleNamed(s, 'HelperBot').position = 7;
    },
    expected: 'PASS',
  },
  {
    name: 'a Manage Roles role above a privileged role passes with a warning',
    change: (s) => {
      s.guild.roles.push(makeRole('400000000000000099', 'Helpers', 4, bits('MANAGE_ROLES')));
      roleNamed(s, 'Moderator').position = 3;
      roleNamed(s, 'HelperBot').position = 2;
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toContain('"Helpers" can assign the privileged role "Moderator" below it.'),
  },
  {
    name: 'tied positions pass with a warning',
    change: (s) => {
      roleNamed(s, 'Member').position = 3;
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings?.some((warning) => warning.includes('share position 3'))).toBe(true),
  },
  {
    name: 'the owner role counts as the human anchor without the ADMINISTRATOR role',
    change: (s) => {
      s.guild.roles.push(makeRole('400000000000000099', 'Founder', 8, '0'));
      const owner = s.members?.find((member) => member.user.id === IDS.owner);
      if (owner) owner.roles = ['400000000000000099'];
      Object.assign(roleNamed(s, 'HelperBot'), { position: 7, permissions: bits('MANAGE_ROLES') });
    },
    expected: 'PASS',
  },
]);
