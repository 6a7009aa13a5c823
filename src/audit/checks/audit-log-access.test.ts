import { expect } from 'vitest';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, EVERYONE_BASELINE, IDS, makeMember, makeRole, roleNamed } from '../testing/make-snapshot.js';
import * as check from './audit-log-access.js';

function addModerators(count: number) {
  return (s: AuditSnapshot) => {
    for (let i = 0; i < count; i += 1)
      s.members?.push(makeMember(`21000000000000000${10 + i}`, `mod${i}`, [IDS.moderatorRole]));
  };
}

describeCheckTable(check, [
  {
    name: 'owner, one admin and one moderator can read it: passes',
    expected: 'PASS',
    evidence: (e) => {
      expect(e.auditLogViewers).toBe('3');
      expect(e.auditBot).toEqual({ name: 'Rampart', excluded: true });
    },
  },
  {
    name: '@everyone with VIEW_AUDIT_LOG fails',
    change: (s) => {
      roleNamed(s, '@everyone').permissions = (BigInt(EVERYONE_BASELINE) | BigInt(bits('VIEW_AUDIT_LOG'))).toString();
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.details?.[0]).toContain('@everyone'),
  },
  {
    name: 'a non-moderating role with VIEW_AUDIT_LOG fails',
    change: (s) => {
      s.guild.roles.push(
        makeRole('400000000000000099', 'Community Manager', 2, bits('MANAGE_EVENTS', 'VIEW_AUDIT_LOG')),
      );
    },
    expected: 'FAIL',
  },
  {
    name: 'a logging bot role with VIEW_AUDIT_LOG only is not a non-moderator finding',
    change: (s) => {
      roleNamed(s, 'HelperBot').permissions = bits('VIEW_AUDIT_LOG', 'SEND_MESSAGES');
    },
    expected: 'PASS',
    evidence: (e) => expect(e.auditLogViewers).toBe('4'),
  },
  { name: 'ten viewers pass', change: addModerators(7), expected: 'PASS' },
  { name: 'eleven viewers fail', change: addModerators(8), expected: 'FAIL' },
  {
    name: 'our own bot role with VIEW_AUDIT_LOG only is not a finding',
    change: (s) => {
      roleNamed(s, 'Rampart').permissions = '536872096';
    },
    expected: 'PASS',
  },
  {
    name: 'role counts that only bound the viewers between 3 and 13 are UNKNOWN',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = { [IDS.adminRole]: 2, [IDS.moderatorRole]: 10 };
    },
    expected: 'UNKNOWN',
  },
  {
    name: 'role counts that already exceed the limit fail without the member list',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = { [IDS.adminRole]: 2, [IDS.moderatorRole]: 11 };
    },
    expected: 'FAIL',
  },
]);
