import type { BotFinding, IntegrationFinding } from '../../shared/findings.js';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { DANGEROUS_PERMISSIONS, permissionLabelsOf } from '../../shared/permissions.js';
import { botIntegrations, integrationBotId, thirdPartyBots } from '../bots.js';
import { MISSING_DATA, warningsEvidence, decide, listed, withAuditBot } from '../evidence.js';
import { DAY_MS, indexGuild, snowflakeTimestampMs } from '../guild-index.js';
import { DISCORD_AUDIT_LOG_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'INACTIVE_BOTS',
  name: 'Inactive Bots & Integrations',
  category: 'Bots & integrations',
  severity: 'LOW',
  whyThisMatters:
    'A bot nobody uses still holds its permissions, and its token still works. Abandoned bots stop receiving security fixes and are sold or hijacked; a disabled integration that keeps a privileged role is pure risk with no benefit.',
  remediation:
    'Server Settings > Integrations: remove bots you no longer use, and delete the roles left behind by disabled integrations. Review each bot that joined long ago and has taken no action recently; keep it only if your team confirms it is in use.',
  evidenceGuidance:
    'Evidence lists bots that look inactive (joined over 90 days ago, no audit-log action in the last 45 days) and disabled integrations. Confirm in your evidence which of them are still used and why.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_AUDIT_LOG_DOC],
};

/** Discord keeps audit-log entries for 45 days; older activity cannot be seen. */
const AUDIT_LOG_WINDOW_DAYS = 45;
const LONG_STANDING_DAYS = 90;
/** GET /guilds/{id}/integrations answers at most this many (discord-reference §0.8). */
const DISCORD_INTEGRATION_CAP = 50;

/**
 * Whether a bot absent from the guild-wide audit log acted within the window: its own `user_id` query
 * decides when the collector made one; otherwise a log cut short by the page ceiling cannot tell.
 */
function recentActivity(
  snapshot: AuditSnapshot,
  botId: string,
  windowStart: number,
): 'active' | 'inactive' | { unreadable: string } {
  const activity = snapshot.botActivity?.[botId];
  if (activity?.status === 'read') {
    const latest = activity.latestEntryId;
    return latest !== null && snowflakeTimestampMs(latest) >= windowStart ? 'active' : 'inactive';
  }
  if (activity?.status === 'unreadable') return { unreadable: activity.reason };
  if (snapshot.auditLogTruncated === true)
    return { unreadable: 'the audit log is longer than the pages read and its own entries were not queried' };
  return 'inactive';
}

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const index = indexGuild(snapshot);
  const bots = thirdPartyBots(index);
  const failures: string[] = [];
  const missing: string[] = [];
  const warnings: string[] = [];
  const problematic: BotFinding[] = [];
  const botById = new Map(bots.map((bot) => [bot.id, bot]));

  const integrationFindings: IntegrationFinding[] = [];
  if (snapshot.integrations === null) {
    missing.push(MISSING_DATA.integrations);
  } else {
    for (const integration of botIntegrations(snapshot)) {
      const botId = integrationBotId(integration);
      if (botId === index.botUserId) continue;
      const bot = botId === null ? undefined : botById.get(botId);
      const dangerous = bot ? bot.permissions & DANGEROUS_PERMISSIONS : 0n;
      const disabledWithPower = integration.enabled === false && dangerous !== 0n;
      const name = integration.name ?? integration.application?.name ?? integration.id;
      integrationFindings.push({
        name,
        type: integration.type,
        enabled: integration.enabled !== false,
        ...(disabledWithPower ? { problem: 'Disabled but its bot still holds privileged roles' } : {}),
      });
      if (disabledWithPower && bot) {
        failures.push(
          `Integration "${name}" is disabled but its bot still holds ${permissionLabelsOf(dangerous).join(', ')}.`,
        );
        problematic.push({
          name: bot.name,
          problem: 'Integration disabled, privileged roles kept',
          dangerousPermissions: permissionLabelsOf(dangerous),
          solution: 'Remove the bot, or at least the privileged roles it still holds.',
        });
      }
    }
  }

  if (snapshot.integrations !== null && snapshot.integrations.length >= DISCORD_INTEGRATION_CAP) {
    // Discord returns at most 50 integrations, so a bot without one listed may have a disabled one unseen.
    const listedBots = new Set(botIntegrations(snapshot).map((integration) => integrationBotId(integration)));
    const unlisted = bots.filter((bot) => !listedBots.has(bot.id) && (bot.permissions & DANGEROUS_PERMISSIONS) !== 0n);
    if (unlisted.length > 0) {
      missing.push(
        `Discord lists at most ${DISCORD_INTEGRATION_CAP} integrations, and the integration of ${unlisted.map((bot) => `"${bot.name}"`).join(', ')} is not among them`,
      );
    }
  }

  const auditLog = snapshot.auditLog;
  if (!index.members) missing.push(MISSING_DATA.members);
  if (auditLog === null) missing.push(MISSING_DATA.auditLog);
  if (index.members && auditLog) {
    const windowStart = index.collectedAtMs - AUDIT_LOG_WINDOW_DAYS * DAY_MS;
    const recentActors = new Set<string>();
    for (const entry of auditLog.audit_log_entries) {
      if (entry.user_id && snowflakeTimestampMs(entry.id) >= windowStart) recentActors.add(entry.user_id);
    }
    for (const bot of bots) {
      const joinedAt = bot.joinedAt === null ? Number.NaN : Date.parse(bot.joinedAt);
      const longStanding = Number.isFinite(joinedAt) && index.collectedAtMs - joinedAt > LONG_STANDING_DAYS * DAY_MS;
      if (!longStanding || recentActors.has(bot.id)) continue;
      const activity = recentActivity(snapshot, bot.id, windowStart);
      if (activity === 'active') continue;
      if (activity !== 'inactive') {
        missing.push(`Audit-log activity of bot "${bot.name}" could not be read: ${activity.unreadable}`);
        continue;
      }
      const dangerous = bot.permissions & DANGEROUS_PERMISSIONS;
      if (dangerous !== 0n) {
        failures.push(`Bot "${bot.name}" looks inactive but holds ${permissionLabelsOf(dangerous).join(', ')}.`);
      } else {
        warnings.push(`Bot "${bot.name}" looks inactive (no audit-log action in ${AUDIT_LOG_WINDOW_DAYS} days).`);
      }
      problematic.push({
        name: bot.name,
        problem: `Possibly inactive: joined over ${LONG_STANDING_DAYS} days ago, no audit-log action in ${AUDIT_LOG_WINDOW_DAYS} days`,
        dangerousPermissions: permissionLabelsOf(dangerous),
        solution: dangerous
          ? 'Remove the bot or its privileged roles, or confirm it is in use.'
          : 'Remove the bot if nobody uses it.',
      });
    }
  }

  const evidence = withAuditBot(index, {
    problematicBots: listed(problematic),
    totalBots: bots.length,
    criticalCount: failures.length,
    integrations: listed(integrationFindings),
    suspiciousIntegrations: integrationFindings.filter((integration) => integration.problem !== undefined).length,
    auditLogWindowDays: AUDIT_LOG_WINDOW_DAYS,
    note: 'Discord records no "last active" time; inactivity is inferred from join date and audit-log actions, so confirm with your team.',
    ...warningsEvidence(warnings),
  });
  return decide(
    failures,
    missing,
    evidence,
    bots.length === 0
      ? 'No third-party bots are in the server.'
      : `No inactive bot keeps privileged permissions (${bots.length} bot(s) reviewed).`,
  );
}
