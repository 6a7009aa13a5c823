import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, EVERYONE_BASELINE, roleNamed } from '../testing/make-snapshot.js';
import * as check from './everyone-permissions.js';

const grant = (...flags: Parameters<typeof bits>) => (BigInt(EVERYONE_BASELINE) | BigInt(bits(...flags))).toString();

describeCheckTable(check, [
  { name: 'safe @everyone passes', expected: 'PASS', evidence: (e) => expect(e.rolesWithCriticalPerms).toEqual([]) },
  {
    name: 'ADMINISTRATOR on @everyone fails',
    change: (s) => {
      roleNamed(s, '@everyone').permissions = grant('ADMINISTRATOR');
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.criticalGrants).toContain('Administrator'),
  },
  {
    name: 'KICK_MEMBERS on @everyone fails',
    change: (s) => {
      roleNamed(s, '@everyone').permissions = grant('KICK_MEMBERS');
    },
    expected: 'FAIL',
  },
  {
    name: 'MENTION_EVERYONE (high) on @everyone fails',
    change: (s) => {
      roleNamed(s, '@everyone').permissions = grant('MENTION_EVERYONE');
    },
    expected: 'FAIL',
    evidence: (e) => {
      expect(e.highRiskGrants).toEqual(['Mention Everyone']);
      expect(e.rolesWithCriticalPerms).toEqual([
        { name: '@everyone', permissions: grant('MENTION_EVERYONE'), permissionNames: ['Mention Everyone'] },
      ]);
    },
  },
  {
    name: 'embeds and files alone are not management powers',
    change: (s) => {
      roleNamed(s, '@everyone').permissions = grant('EMBED_LINKS', 'ATTACH_FILES');
    },
    expected: 'PASS',
  },
]);
