import {
  AutoModerationRuleTriggerType,
  ChannelType,
  GuildExplicitContentFilter,
  GuildVerificationLevel,
  WebhookType,
} from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import type { CheckId } from '../shared/audit-contract.js';
import type { AuditSnapshot } from '../shared/audit-snapshot.js';
import { runAudit } from './engine.js';
import { MAX_LISTED } from './evidence.js';
import {
  bits,
  channelNamed,
  daysBefore,
  EVERYONE_BASELINE,
  IDS,
  makeAutoModRule,
  makeChannel,
  makeRole,
  makeSnapshot,
  makeWebhook,
  overwrite,
  roleNamed,
} from './testing/make-snapshot.js';

/**
 * Every condition discord-reference §2 calls a warning, one row each: it must surface as a finding that
 * names what it is about, in the check the reference puts it in. Warn-only conditions keep a check
 * passing; where our documented rule is stricter than the reference (content filter and verification
 * level at 1), the condition fails instead, and still names itself.
 */
interface WarningRow {
  condition: string;
  checkId: CheckId;
  change: (snapshot: AuditSnapshot) => void;
  status: 'PASS' | 'FAIL';
  /** The finding, naming its subject, in `warnings` (PASS) or the summary and `details` (FAIL). */
  finding: RegExp;
}

const ORPHAN = '299999999999999999';

const rows: WarningRow[] = [
  {
    condition: '1: no moderator role exists, so only admins moderate',
    checkId: 'MODERATOR_PERMISSIONS',
    change: (s) => {
      roleNamed(s, 'Moderator').permissions = bits('VIEW_CHANNEL');
    },
    status: 'PASS',
    finding: /No moderator role exists/,
  },
  {
    condition: "3: a rule's exempt_roles contains @everyone",
    checkId: 'AUTOMOD_ENABLED',
    change: (s) => {
      s.autoModerationRules?.push(
        makeAutoModRule('700000000000000003', 'Presets', AutoModerationRuleTriggerType.KeywordPreset, {
          exempt_roles: [IDS.guild],
        }),
      );
    },
    status: 'PASS',
    finding: /Rule "Presets" exempts @everyone/,
  },
  {
    condition: '3: MENTION_SPAM mention_total_limit above 20',
    checkId: 'AUTOMOD_ENABLED',
    change: (s) => {
      const rule = s.autoModerationRules?.find((candidate) => candidate.name === 'Mention spam');
      if (rule) rule.trigger_metadata = { mention_total_limit: 30, mention_raid_protection_enabled: true };
    },
    status: 'PASS',
    finding: /Rule "Mention spam" allows 30 mentions/,
  },
  {
    condition: '3: MENTION_SPAM raid protection off',
    checkId: 'AUTOMOD_ENABLED',
    change: (s) => {
      const rule = s.autoModerationRules?.find((candidate) => candidate.name === 'Mention spam');
      if (rule) rule.trigger_metadata = { mention_total_limit: 10, mention_raid_protection_enabled: false };
    },
    status: 'PASS',
    finding: /Rule "Mention spam" has mention-raid protection off/,
  },
  {
    condition: '5: a dangerous role sits below a role holding MANAGE_ROLES',
    checkId: 'ROLE_HIERARCHY',
    change: (s) => {
      s.guild.roles.push(makeRole('400000000000000010', 'Role Manager', 2, bits('MANAGE_ROLES')));
      roleNamed(s, 'Member').permissions = bits('BAN_MEMBERS');
    },
    status: 'PASS',
    finding: /"Role Manager" can assign the privileged role "Member" below it/,
  },
  {
    condition: '5: two roles share a position',
    checkId: 'ROLE_HIERARCHY',
    change: (s) => {
      s.guild.roles.push(makeRole('400000000000000010', 'Artists', 1, '0'));
    },
    status: 'PASS',
    finding: /"Artists" and "Member" share position 1|"Member" and "Artists" share position 1/,
  },
  {
    condition: '6: explicit content filter 1 (our rule: fails)',
    checkId: 'EXPLICIT_CONTENT_FILTER',
    change: (s) => {
      s.guild.explicit_content_filter = GuildExplicitContentFilter.MembersWithoutRoles;
    },
    status: 'FAIL',
    finding: /Only members without roles are scanned/,
  },
  {
    condition: "8: an incoming webhook's creator is no longer a member (channel @everyone cannot view)",
    checkId: 'WEBHOOK_SECURITY',
    change: (s) => {
      s.webhooks?.push(makeWebhook('900000000000000002', 'Old feed', IDS.staffChannel, ORPHAN));
    },
    status: 'PASS',
    finding: /Incoming webhook "Old feed" in #staff was created by user-99, who is no longer a member/,
  },
  {
    condition: "8: an incoming webhook's creator left and @everyone can read its channel (issue 6: fails)",
    checkId: 'WEBHOOK_SECURITY',
    change: (s) => {
      s.webhooks?.push(makeWebhook('900000000000000002', 'Old feed', IDS.generalChannel, ORPHAN));
    },
    status: 'FAIL',
    finding: /Incoming webhook "Old feed" in public #general .* no longer a member/,
  },
  {
    condition: '8: an incoming webhook in a channel @everyone reads, made by a non-staff member',
    checkId: 'WEBHOOK_SECURITY',
    change: (s) => {
      s.webhooks?.push(makeWebhook('900000000000000002', 'Memes', IDS.generalChannel, '200000000000000100'));
    },
    status: 'PASS',
    finding: /Incoming webhook "Memes" posts in public #general but was created by non-staff member member0/,
  },
  {
    condition: '8: more than 10 webhooks in one channel',
    checkId: 'WEBHOOK_SECURITY',
    change: (s) => {
      for (let n = 0; n < 11; n += 1) {
        s.webhooks?.push(
          makeWebhook(
            `9000000000000001${String(n).padStart(2, '0')}`,
            `Feed ${n}`,
            IDS.announcementsChannel,
            IDS.admin,
            { type: WebhookType.ChannelFollower },
          ),
        );
      }
    },
    status: 'PASS',
    finding: /#announcements has 12 webhooks/,
  },
  {
    condition: '9: verification level 1 (our rule: fails)',
    checkId: 'VERIFICATION_LEVEL',
    change: (s) => {
      s.guild.verification_level = GuildVerificationLevel.Low;
    },
    status: 'FAIL',
    finding: /Verification level is Low/,
  },
  {
    condition: '11: a member overwrite grants manage bits',
    checkId: 'CHANNEL_HARDENING',
    change: (s) => {
      channelNamed(s, 'general').permission_overwrites = [overwrite(IDS.moderator, 'member', bits('MANAGE_MESSAGES'))];
    },
    status: 'PASS',
    finding: /#general: member moderator has a personal overwrite granting Manage Messages/,
  },
  {
    condition: '11: a channel @everyone can see is named staff-only',
    checkId: 'CHANNEL_HARDENING',
    change: (s) => {
      s.channels?.push(makeChannel('500000000000000090', 'mod-chat', ChannelType.GuildText));
    },
    status: 'PASS',
    finding: /#mod-chat looks staff-only but @everyone can see it/,
  },
  {
    condition: '12: @everyone holds an external-content bit in a public channel',
    checkId: 'EXTERNAL_CONTENT',
    change: (s) => {
      channelNamed(s, 'general').permission_overwrites = [overwrite(IDS.guild, 'role', bits('USE_EXTERNAL_EMOJIS'))];
    },
    status: 'PASS',
    finding: /#general: @everyone has Use External Emojis/,
  },
  {
    condition: '13: @everyone can create forum posts with no post slowmode',
    checkId: 'STAGE_FORUM_CHANNELS',
    change: (s) => {
      Object.assign(channelNamed(s, 'help'), { rate_limit_per_user: 0 });
    },
    status: 'PASS',
    finding: /#help: @everyone can create posts with no post slowmode/,
  },
  {
    condition: '14: a bot joined over 90 days ago with no audit-log action in 45 days',
    checkId: 'INACTIVE_BOTS',
    change: (s) => {
      const bot = s.members?.find((member) => member.user.id === IDS.helperBot);
      if (bot) bot.joined_at = daysBefore(200);
      if (s.auditLog)
        s.auditLog.audit_log_entries = s.auditLog.audit_log_entries.filter((entry) => entry.user_id !== IDS.helperBot);
    },
    status: 'PASS',
    finding: /Bot "HelperBot" looks inactive/,
  },
  {
    condition: '19: a bot holds MANAGE_GUILD, MANAGE_ROLES or MANAGE_WEBHOOKS',
    checkId: 'BOT_ADMIN_PRIVILEGES',
    change: (s) => {
      roleNamed(s, 'HelperBot').permissions = bits('MANAGE_WEBHOOKS');
    },
    status: 'PASS',
    finding: /Bot "HelperBot" has Manage Webhooks/,
  },
  {
    condition: '20: a role has no members',
    checkId: 'INACTIVE_ROLES',
    change: (s) => {
      s.guild.roles.push(makeRole('400000000000000010', 'Event Crew', 2, '0'));
    },
    status: 'PASS',
    finding: /Role "Event Crew" has no members/,
  },
];

describe('every warning of discord-reference §2 surfaces as a named finding', () => {
  it.each(rows.map((row) => [row.condition, row] as const))('%s', (_condition, row) => {
    const baseline = runAudit(makeSnapshot()).checks.find((check) => check.checkId === row.checkId);
    const result = runAudit(makeSnapshot(row.change)).checks.find((check) => check.checkId === row.checkId);
    expect(baseline?.status).toBe('PASS');
    expect(result?.status, JSON.stringify(result?.evidence, null, 2)).toBe(row.status);
    const findings =
      row.status === 'PASS'
        ? result?.evidence.warnings
        : [result?.evidence.summary, ...(result?.evidence.details ?? [])];
    expect(findings).toEqual(expect.arrayContaining([expect.stringMatching(row.finding)]));
    if (row.status === 'PASS') expect(result?.evidence.summary).toMatch(/warning\(s\) to review/);
  });

  it('counts warnings beyond the listed ones instead of dropping them', () => {
    const many = MAX_LISTED + 5;
    const report = runAudit(
      makeSnapshot((s) => {
        for (let n = 0; n < many; n += 1)
          s.guild.roles.push(makeRole(`4000000000000001${String(n).padStart(2, '0')}`, `Empty ${n}`, 2, '0'));
      }),
    );
    const inactiveRoles = report.checks.find((check) => check.checkId === 'INACTIVE_ROLES');
    expect(inactiveRoles?.evidence.warnings).toHaveLength(MAX_LISTED);
    expect(inactiveRoles?.evidence.totalWarnings).toBe(many);
    expect(inactiveRoles?.evidence.summary).toContain(`${many} warning(s) to review`);
  });

  it('keeps tied role positions visible however many assignable roles there are', () => {
    const report = runAudit(
      makeSnapshot((s) => {
        for (let n = 0; n < 30; n += 1)
          s.guild.roles.push(
            makeRole(`4000000000000001${String(n).padStart(2, '0')}`, `Manager ${n}`, 10 + n, bits('MANAGE_ROLES')),
          );
        roleNamed(s, 'Member').permissions = bits('BAN_MEMBERS');
        s.guild.roles.push(makeRole('400000000000000300', 'Twin', 1, '0'));
        roleNamed(s, '@everyone').permissions = EVERYONE_BASELINE;
      }),
    );
    const hierarchy = report.checks.find((check) => check.checkId === 'ROLE_HIERARCHY');
    const warnings = hierarchy?.evidence.warnings ?? [];
    expect(warnings.some((warning) => /share position 1/.test(warning))).toBe(true);
  });
});
