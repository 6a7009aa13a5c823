import { WebhookType } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import {
  bits,
  channelNamed,
  EVERYONE_BASELINE,
  IDS,
  makeWebhook,
  overwrite,
  roleNamed,
} from '../testing/make-snapshot.js';
import * as check from './webhook-security.js';

describeCheckTable(check, [
  {
    name: 'one staff-made webhook and no public webhook managers passes',
    expected: 'PASS',
    evidence: (e) =>
      expect(e.webhooks).toEqual([
        { name: 'Release notes', type: 'incoming', channel: '#announcements', createdBy: 'user-02' },
      ]),
  },
  {
    name: '@everyone with MANAGE_WEBHOOKS server-wide fails',
    change: (s) => {
      roleNamed(s, '@everyone').permissions = (BigInt(EVERYONE_BASELINE) | BigInt(bits('MANAGE_WEBHOOKS'))).toString();
    },
    expected: 'FAIL',
  },
  {
    name: '@everyone granted MANAGE_WEBHOOKS by one channel overwrite fails',
    change: (s) => {
      channelNamed(s, 'general').permission_overwrites = [overwrite(IDS.guild, 'role', bits('MANAGE_WEBHOOKS'))];
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.channels?.[0]?.name).toBe('#general'),
  },
  {
    name: 'a grant in a channel @everyone cannot see is void and passes',
    change: (s) => {
      channelNamed(s, 'staff').permission_overwrites = [
        overwrite(IDS.guild, 'role', bits('MANAGE_WEBHOOKS'), bits('VIEW_CHANNEL')),
      ];
    },
    expected: 'PASS',
  },
  {
    name: 'an incoming webhook whose creator left, in a channel @everyone can read, fails naming webhook and channel',
    change: (s) => {
      s.webhooks?.push(makeWebhook('900000000000000002', 'Old feed', IDS.generalChannel, '299999999999999999'));
    },
    expected: 'FAIL',
    evidence: (e) => {
      expect(e.summary).toBe(
        'Incoming webhook "Old feed" in public #general was created by user-99, who is no longer a member: whoever kept its URL can post as the server.',
      );
      expect(e.webhooks).toContainEqual({
        name: 'Old feed',
        type: 'incoming',
        channel: '#general',
        createdBy: 'user-99',
        problem: 'creator left; channel readable by @everyone',
      });
    },
  },
  {
    name: 'an incoming webhook whose creator left, in a staff-only channel, passes with a warning naming it',
    change: (s) => {
      s.webhooks?.push(makeWebhook('900000000000000002', 'Old feed', IDS.staffChannel, '299999999999999999'));
    },
    expected: 'PASS',
    evidence: (e) =>
      expect(e.warnings).toEqual([
        'Incoming webhook "Old feed" in #staff was created by user-99, who is no longer a member.',
      ]),
  },
  {
    name: 'a channel-follower webhook whose creator left is not an incoming-webhook risk',
    change: (s) => {
      s.webhooks?.push(
        makeWebhook('900000000000000002', 'News', IDS.generalChannel, '299999999999999999', {
          type: WebhookType.ChannelFollower,
        }),
      );
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toBeUndefined(),
  },
  {
    name: 'an incoming webhook in a public channel made by a non-staff member passes with a warning naming both',
    change: (s) => {
      s.webhooks?.push(makeWebhook('900000000000000002', 'Memes', IDS.generalChannel, '200000000000000100'));
    },
    expected: 'PASS',
    evidence: (e) =>
      expect(e.warnings).toEqual([
        expect.stringMatching(
          /^Incoming webhook "Memes" posts in public #general but was created by non-staff member member0/,
        ),
      ]),
  },
  {
    name: 'webhook creators cannot be checked without the member list: UNKNOWN with the reason',
    change: (s) => {
      s.members = null;
    },
    expected: 'UNKNOWN',
    evidence: (e) => expect(e.missingData).toEqual([expect.stringContaining('creators of incoming webhooks')]),
  },
  {
    name: 'eleven webhooks in one channel pass with a warning',
    change: (s) => {
      for (let i = 0; i < 11; i += 1) {
        s.webhooks?.push(
          makeWebhook(`9000000000000001${String(i).padStart(2, '0')}`, `Feed ${i}`, IDS.generalChannel, IDS.admin, {
            type: WebhookType.ChannelFollower,
          }),
        );
      }
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toEqual(['#general has 11 webhooks.']),
  },
  {
    name: 'webhooks unreadable (bot lacks MANAGE_WEBHOOKS) is UNKNOWN',
    change: (s) => {
      s.webhooks = null;
    },
    expected: 'UNKNOWN',
    evidence: (e) => expect(e.missingData).toEqual(['Bot lacks MANAGE_WEBHOOKS, so webhooks could not be read']),
  },
  {
    name: 'webhooks unreadable but @everyone manages them still fails',
    change: (s) => {
      s.webhooks = null;
      roleNamed(s, '@everyone').permissions = (BigInt(EVERYONE_BASELINE) | BigInt(bits('MANAGE_WEBHOOKS'))).toString();
    },
    expected: 'FAIL',
  },
]);
