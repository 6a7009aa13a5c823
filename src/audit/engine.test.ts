import { WebhookType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { AuditReport, CHECK_IDS } from '../shared/audit-contract.js';
import type { AuditSnapshot } from '../shared/audit-snapshot.js';
import { runAudit } from './engine.js';
import { IDS, makeSnapshot, makeWebhook } from './testing/make-snapshot.js';

const SECRET = 'sImUlAtEd-WeBhOoK-sEcReT-tOkEn-0123456789';

function withoutAuditBot(snapshot: AuditSnapshot): void {
  snapshot.guild.roles = snapshot.guild.roles.filter((role) => role.tags?.bot_id !== IDS.auditBot);
  snapshot.members = snapshot.members?.filter((member) => member.user.id !== IDS.auditBot) ?? null;
  snapshot.integrations =
    snapshot.integrations?.filter((integration) => integration.account.id !== IDS.auditBot) ?? null;
  if (snapshot.auditLog) {
    snapshot.auditLog.audit_log_entries = snapshot.auditLog.audit_log_entries.filter(
      (entry) => entry.user_id !== IDS.auditBot,
    );
  }
}

describe('runAudit', () => {
  it('returns twenty results in checklist order with the contract fields', () => {
    const report = runAudit(makeSnapshot(), {});
    expect(report.checks.map((check) => check.checkId)).toEqual([...CHECK_IDS]);
    expect(AuditReport.safeParse(report).success).toBe(true);
    for (const check of report.checks) expect(check.remediation).not.toBe('');
  });

  it('scores the baseline guild with only the three manual checks failed', () => {
    const report = runAudit(makeSnapshot(), {});
    expect(report.checks.filter((check) => check.status === 'FAIL').map((check) => check.checkId)).toEqual([
      'CSU_OWNER_VERIFICATION',
      'BACKUP_STRATEGY_VERIFICATION',
      'BOT_TOKEN_HYGIENE',
    ]);
    // 92 total weight; CSU 10 + backup 3 + token hygiene 6 failed.
    expect(report).toMatchObject({
      riskScore: 79,
      totalChecks: 20,
      passedChecks: 17,
      failedChecks: 3,
      unknownChecks: 0,
    });
    expect(report).toMatchObject({ criticalIssues: 1, highIssues: 1, mediumIssues: 1, lowIssues: 0 });
  });

  it('never passes a check on a list from which an unreadable item was set aside', () => {
    const report = runAudit(
      makeSnapshot((s) => {
        s.skippedItems = [{ part: 'webhooks', id: '900000000000000009', issue: 'type: expected number' }];
      }),
      {},
    );
    const statuses = Object.fromEntries(report.checks.map((check) => [check.checkId, check.status]));
    expect(statuses.WEBHOOK_SECURITY).toBe('UNKNOWN');
    expect(report.checks.find((check) => check.checkId === 'WEBHOOK_SECURITY')?.evidence.missingData).toEqual([
      expect.stringContaining('webhook (900000000000000009)'),
    ]);
    expect(report.checks.filter((check) => check.status === 'UNKNOWN').map((check) => check.checkId)).toEqual([
      'WEBHOOK_SECURITY',
    ]);
  });

  it('passes the owner check automatically when the signed-in owner has 2FA', () => {
    const report = runAudit(makeSnapshot(), { ownerMfaEnabled: true });
    expect(report.checks.find((check) => check.checkId === 'CSU_OWNER_VERIFICATION')?.status).toBe('PASS');
    expect(report.riskScore).toBe(90);
  });

  it('starts the manual checks failed and marked for evidence', () => {
    const manual = runAudit(makeSnapshot(), {}).checks.filter((check) => check.requiresManualEvidence);
    expect(manual.map((check) => [check.checkId, check.status])).toEqual([
      ['CSU_OWNER_VERIFICATION', 'FAIL'],
      ['BACKUP_STRATEGY_VERIFICATION', 'FAIL'],
      ['BOT_TOKEN_HYGIENE', 'FAIL'],
    ]);
  });

  it('never lets a webhook token or URL reach the output', () => {
    const snapshot = makeSnapshot((s) => {
      s.webhooks = [
        makeWebhook('900000000000000001', 'Release notes', IDS.announcementsChannel, IDS.admin, {
          token: SECRET,
          url: `https://discord.com/api/webhooks/900000000000000001/${SECRET}`,
        }),
        makeWebhook('900000000000000002', 'Orphan', IDS.generalChannel, '299999999999999999', { token: `${SECRET}-2` }),
        makeWebhook('900000000000000003', 'Follower', IDS.generalChannel, IDS.admin, {
          type: WebhookType.ChannelFollower,
        }),
      ];
    });
    const output = JSON.stringify(runAudit(snapshot, {}));
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain('"token"');
    expect(output).not.toContain('/api/webhooks/');
    expect(output).toContain('Release notes');
  });

  it('marks checks UNKNOWN, not failed, when the bot could read nothing optional', () => {
    const snapshot = makeSnapshot((s) => {
      Object.assign(s, {
        channels: null,
        roleMemberCounts: null,
        members: null,
        autoModerationRules: null,
        integrations: null,
        webhooks: null,
        auditLog: null,
        welcomeScreen: null,
        onboarding: null,
      });
    });
    const report = runAudit(snapshot, {});
    const unknown = report.checks.filter((check) => check.status === 'UNKNOWN');
    expect(unknown.map((check) => check.checkId).sort()).toEqual(
      [
        'AUDIT_LOG_ACCESS',
        'AUTOMOD_ENABLED',
        'BOT_ADMIN_PRIVILEGES',
        'CHANNEL_HARDENING',
        'EXTERNAL_CONTENT',
        'INACTIVE_BOTS',
        'INACTIVE_ROLES',
        'MODERATOR_PERMISSIONS',
        'PRIVILEGED_PERMISSIONS',
        'STAGE_FORUM_CHANNELS',
        'WEBHOOK_SECURITY',
      ].sort(),
    );
    for (const check of unknown) expect(check.evidence.missingData?.length).toBeGreaterThan(0);
    expect(report.unknownChecks).toBe(11);
  });

  it('never rewards or penalises the presence of our own audit bot', () => {
    const strip = (report: ReturnType<typeof runAudit>) => ({
      riskScore: report.riskScore,
      statuses: report.checks.map((check) => check.status),
    });
    const withBot = runAudit(makeSnapshot(), {});
    const withoutBot = runAudit(makeSnapshot(withoutAuditBot), {});
    expect(strip(withBot)).toEqual(strip(withoutBot));
    expect(JSON.stringify(withoutBot)).not.toContain('"auditBot"');
  });

  it('is pure: the same snapshot gives the same report', () => {
    const snapshot = makeSnapshot();
    expect(runAudit(snapshot, {})).toEqual(runAudit(snapshot, {}));
  });
});
