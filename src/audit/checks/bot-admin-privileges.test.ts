import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, IDS, makeMember, makeRole, roleNamed } from '../testing/make-snapshot.js';
import * as check from './bot-admin-privileges.js';

describeCheckTable(check, [
  {
    name: 'a chat bot without management powers passes; our admin bot is left out',
    expected: 'PASS',
    evidence: (e) =>
      expect(e).toMatchObject({ totalBots: 1, criticalCount: 0, auditBot: { name: 'Rampart', excluded: true } }),
  },
  {
    name: 'a third-party bot with ADMINISTRATOR fails',
    change: (s) => {
      roleNamed(s, 'HelperBot').permissions = bits('ADMINISTRATOR');
    },
    expected: 'FAIL',
    evidence: (e) => {
      expect(e.problematicBots).toEqual([
        expect.objectContaining({ name: 'HelperBot', dangerousPermissions: ['Administrator'], verified: true }),
      ]);
      expect(e.criticalCount).toBe(1);
    },
  },
  {
    name: 'a bot given the human Admin role fails',
    change: (s) => {
      const bot = s.members?.find((member) => member.user.id === IDS.helperBot);
      bot?.roles.push(IDS.adminRole);
    },
    expected: 'FAIL',
  },
  {
    name: 'a bot with MANAGE_ROLES passes with a warning',
    change: (s) => {
      roleNamed(s, 'HelperBot').permissions = bits('MANAGE_ROLES', 'SEND_MESSAGES');
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toEqual(['Bot "HelperBot" has Manage Roles.']),
  },
  {
    name: 'an unverified admin bot is marked unverified',
    change: (s) => {
      s.guild.roles.push(
        makeRole('400000000000000098', 'ShadyBot', 2, bits('ADMINISTRATOR'), {
          managed: true,
          tags: { bot_id: '300000000000000009' },
        }),
      );
      s.members?.push(makeMember('300000000000000009', 'ShadyBot', ['400000000000000098'], { bot: true }));
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.unverifiedBots).toEqual(['ShadyBot']),
  },
  {
    name: 'without the member list an admin bot role still fails',
    change: (s) => {
      s.members = null;
      roleNamed(s, 'HelperBot').permissions = bits('ADMINISTRATOR');
    },
    expected: 'FAIL',
  },
  {
    name: 'without the member list a harmless bot role is UNKNOWN (other roles unseen)',
    change: (s) => {
      s.members = null;
    },
    expected: 'UNKNOWN',
    evidence: (e) => expect(e.missingData?.[0]).toContain('GUILD_MEMBERS privileged intent is off'),
  },
]);
