import { expect } from 'vitest';
import { describeCheckTable } from '../testing/check-table.js';
import { bits, daysBefore, IDS, makeBotIntegration, roleNamed, snowflakeDaysBefore } from '../testing/make-snapshot.js';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import * as check from './inactive-bots.js';

function privilegedHelperInTruncatedLog(s: AuditSnapshot): void {
  helperJoinedLongAgoAndSilent(s);
  roleNamed(s, 'HelperBot').permissions = bits('BAN_MEMBERS');
  s.auditLogTruncated = true;
}

function helperJoinedLongAgoAndSilent(s: AuditSnapshot): void {
  const bot = s.members?.find((member) => member.user.id === IDS.helperBot);
  if (bot) bot.joined_at = daysBefore(200);
  if (s.auditLog)
    s.auditLog.audit_log_entries = s.auditLog.audit_log_entries.filter((entry) => entry.user_id !== IDS.helperBot);
}

describeCheckTable(check, [
  {
    name: 'a recently active bot passes',
    expected: 'PASS',
    evidence: (e) =>
      expect(e).toMatchObject({
        totalBots: 1,
        suspiciousIntegrations: 0,
        auditBot: { name: 'Rampart', excluded: true },
      }),
  },
  {
    name: 'an old bot with no recent actions and no privileges passes with a warning',
    change: helperJoinedLongAgoAndSilent,
    expected: 'PASS',
    evidence: (e) => expect(e.warnings?.[0]).toContain('HelperBot'),
  },
  {
    name: 'an old silent bot with privileged permissions fails',
    change: (s) => {
      helperJoinedLongAgoAndSilent(s);
      roleNamed(s, 'HelperBot').permissions = bits('BAN_MEMBERS', 'SEND_MESSAGES');
    },
    expected: 'FAIL',
    evidence: (e) =>
      expect(e.problematicBots?.[0]).toMatchObject({ name: 'HelperBot', dangerousPermissions: ['Ban Members'] }),
  },
  {
    name: 'a disabled integration whose bot keeps privileged roles fails',
    change: (s) => {
      s.integrations = [makeBotIntegration('800000000000000002', IDS.helperBot, 'HelperBot', false)];
      roleNamed(s, 'HelperBot').permissions = bits('MANAGE_ROLES');
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.integrations).toEqual([expect.objectContaining({ name: 'HelperBot', enabled: false })]),
  },
  {
    name: 'a disabled integration without privileges passes',
    change: (s) => {
      s.integrations = [makeBotIntegration('800000000000000002', IDS.helperBot, 'HelperBot', false)];
    },
    expected: 'PASS',
  },
  {
    name: "our own bot's audit-log actions never count as another bot's activity",
    change: (s) => {
      helperJoinedLongAgoAndSilent(s);
      roleNamed(s, 'HelperBot').permissions = bits('KICK_MEMBERS');
      s.auditLog?.audit_log_entries.push({ id: '1', user_id: IDS.auditBot, target_id: IDS.helperBot, action_type: 24 });
    },
    expected: 'FAIL',
  },
  {
    name: 'a truncated audit log that misses a bot, with its own query showing a recent action, passes',
    change: (s) => {
      privilegedHelperInTruncatedLog(s);
      s.botActivity = { [IDS.helperBot]: { status: 'read', latestEntryId: snowflakeDaysBefore(20) } };
    },
    expected: 'PASS',
  },
  {
    name: 'a truncated audit log that misses a bot, with its own query showing only old actions, still fails',
    change: (s) => {
      privilegedHelperInTruncatedLog(s);
      s.botActivity = { [IDS.helperBot]: { status: 'read', latestEntryId: snowflakeDaysBefore(60) } };
    },
    expected: 'FAIL',
  },
  {
    name: 'a truncated audit log that misses a bot never fails it: UNKNOWN with the reason',
    change: privilegedHelperInTruncatedLog,
    expected: 'UNKNOWN',
    evidence: (e) => expect(e.missingData).toEqual([expect.stringContaining('"HelperBot"')]),
  },
  {
    name: 'a bot whose own audit-log query failed is UNKNOWN, naming the bot and the reason',
    change: (s) => {
      privilegedHelperInTruncatedLog(s);
      s.botActivity = { [IDS.helperBot]: { status: 'unreadable', reason: 'Discord answered 500' } };
    },
    expected: 'UNKNOWN',
    evidence: (e) => expect(e.missingData).toEqual([expect.stringMatching(/"HelperBot".*Discord answered 500/)]),
  },
  {
    name: 'an integration with a null name and a non-numeric id is named by its application',
    change: (s) => {
      s.integrations = [{ ...makeBotIntegration('yt:UCabc', IDS.helperBot, 'HelperBot', false), name: null }];
      roleNamed(s, 'HelperBot').permissions = bits('MANAGE_ROLES');
    },
    expected: 'FAIL',
    evidence: (e) => expect(e.integrations).toEqual([expect.objectContaining({ name: 'HelperBot', enabled: false })]),
  },
  {
    name: "a bot missing from a list at Discord's 50-integration cap may be a disabled integration: UNKNOWN naming it",
    change: (s) => {
      roleNamed(s, 'HelperBot').permissions = bits('MANAGE_ROLES');
      s.integrations = Array.from({ length: 50 }, (_, n) => ({
        ...makeBotIntegration(`8000000000000001${String(n).padStart(2, '0')}`, IDS.auditBot, 'Rampart'),
        type: 'twitch',
      }));
    },
    expected: 'UNKNOWN',
    evidence: (e) => expect(e.missingData).toEqual([expect.stringMatching(/at most 50 integrations.*"HelperBot"/)]),
  },
  {
    name: 'audit log unreadable (bot lacks VIEW_AUDIT_LOG) is UNKNOWN',
    change: (s) => {
      s.auditLog = null;
    },
    expected: 'UNKNOWN',
    evidence: (e) => expect(e.missingData).toEqual(['Bot lacks VIEW_AUDIT_LOG, so the audit log could not be read']),
  },
  {
    name: 'integrations unreadable (bot lacks MANAGE_GUILD) is UNKNOWN',
    change: (s) => {
      s.integrations = null;
    },
    expected: 'UNKNOWN',
  },
  {
    name: 'member list unreadable is UNKNOWN',
    change: (s) => {
      s.members = null;
    },
    expected: 'UNKNOWN',
  },
]);
