import { AutoModerationActionType, AutoModerationRuleTriggerType } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { IDS, makeAutoModRule } from '../testing/make-snapshot.js';
import * as check from './automod-enabled.js';

describeCheckTable(check, [
  {
    name: 'enabled spam rule that blocks messages passes',
    expected: 'PASS',
    evidence: (e) => expect(e).toMatchObject({ automodEnabled: true, activeRules: 2, totalRules: 2 }),
  },
  {
    name: 'no rules at all fails',
    change: (s) => {
      s.autoModerationRules = [];
    },
    expected: 'FAIL',
    evidence: (e) => expect(e).toMatchObject({ automodEnabled: false, activeRules: 0, totalRules: 0 }),
  },
  {
    name: 'all rules disabled fails',
    change: (s) => {
      for (const rule of s.autoModerationRules ?? []) rule.enabled = false;
    },
    expected: 'FAIL',
  },
  {
    name: 'only a custom keyword rule fails (no spam, preset or mention-spam protection)',
    change: (s) => {
      s.autoModerationRules = [
        makeAutoModRule('700000000000000009', 'Scam words', AutoModerationRuleTriggerType.Keyword),
      ];
    },
    expected: 'FAIL',
  },
  {
    name: 'a spam rule that only alerts fails',
    change: (s) => {
      s.autoModerationRules = [
        makeAutoModRule('700000000000000009', 'Alert on spam', AutoModerationRuleTriggerType.Spam, {
          actions: [{ type: AutoModerationActionType.SendAlertMessage, metadata: { channel_id: IDS.staffChannel } }],
        }),
      ];
    },
    expected: 'FAIL',
  },
  {
    name: 'rules that exempt @everyone are inert and fail',
    change: (s) => {
      for (const rule of s.autoModerationRules ?? []) rule.exempt_roles = [IDS.guild];
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.warnings).toHaveLength(2),
  },
  {
    name: 'a loose mention limit passes with a warning',
    change: (s) => {
      const rule = s.autoModerationRules?.[1];
      if (rule) rule.trigger_metadata = { mention_total_limit: 40, mention_raid_protection_enabled: false };
    },
    expected: 'PASS',
    evidence: (e) => expect(e.warnings).toHaveLength(2),
  },
  {
    name: 'rules unreadable (bot lacks MANAGE_GUILD) is UNKNOWN',
    change: (s) => {
      s.autoModerationRules = null;
    },
    expected: 'UNKNOWN',
    evidence: (e) => expect(e.missingData?.[0]).toContain('MANAGE_GUILD'),
  },
]);
