import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, channelNamed, IDS, overwrite } from '../testing/make-snapshot.js';
import * as check from './channel-hardening.js';

describeCheckTable(check, [
  {
    name: 'read-only rules and announcements, no risky overwrites: passes',
    expected: 'PASS',
    evidence: (e) => expect(e).toMatchObject({ vulnerableChannels: 0, publicChannels: 6 }),
  },
  {
    name: '@everyone allowed MANAGE_MESSAGES in a channel fails',
    change: (s) => {
      channelNamed(s, 'general').permission_overwrites = [overwrite(IDS.guild, 'role', bits('MANAGE_MESSAGES'))];
    },
    expected: 'FAIL',
    evidence: (e) =>
      expect(e.channels?.[0]).toMatchObject({ name: '#general', type: 'text', permissionNames: ['Manage Messages'] }),
  },
  {
    name: 'a role held by most members allowed MENTION_EVERYONE fails',
    change: (s) => {
      channelNamed(s, 'general').permission_overwrites = [overwrite(IDS.memberRole, 'role', bits('MENTION_EVERYONE'))];
    },
    expected: 'FAIL',
  },
  {
    name: 'a small staff role allowed MANAGE_MESSAGES passes',
    change: (s) => {
      channelNamed(s, 'general').permission_overwrites = [
        overwrite(IDS.moderatorRole, 'role', bits('MANAGE_MESSAGES')),
      ];
    },
    expected: 'PASS',
  },
  {
    name: '@everyone can post in the rules channel: fails',
    change: (s) => {
      channelNamed(s, 'rules').permission_overwrites = [];
    },
    expected: 'FAIL',
  },
  {
    name: '@everyone can post in an announcement channel: fails',
    change: (s) => {
      channelNamed(s, 'announcements').permission_overwrites = [];
    },
    expected: 'FAIL',
  },
  {
    name: 'a member overwrite with manage bits passes with a warning',
    change: (s) => {
      channelNamed(s, 'general').permission_overwrites = [
        overwrite('200000000000000100', 'member', bits('MANAGE_CHANNELS')),
      ];
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings?.[0]).toContain('member0'),
  },
  {
    name: 'a public staff-named channel passes with a warning',
    change: (s) => {
      channelNamed(s, 'staff').permission_overwrites = [];
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toEqual(['#staff looks staff-only but @everyone can see it.']),
  },
  {
    name: 'channels unreadable is UNKNOWN',
    change: (s) => {
      s.channels = null;
    },
    expected: 'UNKNOWN',
  },
  {
    name: 'role breadth unknowable without members or counts is UNKNOWN',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = null;
      channelNamed(s, 'general').permission_overwrites = [overwrite(IDS.memberRole, 'role', bits('MENTION_EVERYONE'))];
    },
    expected: 'UNKNOWN',
  },
  {
    name: 'role counts alone settle the role breadth',
    change: (s) => {
      s.members = null;
      s.roleMemberCounts = { [IDS.memberRole]: 11 };
      channelNamed(s, 'general').permission_overwrites = [overwrite(IDS.memberRole, 'role', bits('MENTION_EVERYONE'))];
    },
    expected: 'FAIL',
  },
]);
