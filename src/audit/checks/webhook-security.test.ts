import { WebhookType } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, channelNamed, EVERYONE_BASELINE, IDS, makeWebhook, overwrite, roleNamed } from '../testing/make-snapshot.js';
import * as check from './webhook-security.js';

describeCheckTable(check, [
  {
    name: 'one staff-made webhook and no public webhook managers passes',
    expected: 'PASS',
    evidence: (e) =>
      expect(e.webhooks).toEqual([{ name: 'Release notes', type: 'incoming', channel: '#announcements', createdBy: 'user-02' }]),
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
      channelNamed(s, 'staff').permission_overwrites = [overwrite(IDS.guild, 'role', bits('MANAGE_WEBHOOKS'), bits('VIEW_CHANNEL'))];
    },
    expected: 'PASS',
  },
  {
    name: 'a webhook whose creator left passes with a warning',
    change: (s) => {
      s.webhooks?.push(makeWebhook('900000000000000002', 'Old feed', IDS.generalChannel, '299999999999999999'));
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings?.[0]).toContain('no longer a member'),
  },
  {
    name: 'eleven webhooks in one channel pass with a warning',
    change: (s) => {
      for (let i = 0; i < 11; i += 1) {
        s.webhooks?.push(makeWebhook(`9000000000000001${String(i).padStart(2, '0')}`, `Feed ${i}`, IDS.generalChannel, IDS.admin, { type: WebhookType.ChannelFollower }));
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
