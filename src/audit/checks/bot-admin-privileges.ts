import type { BotFinding } from '../../shared/findings.js';
import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import {
  DANGEROUS_PERMISSIONS,
  hasAnyPermission,
  hasPermission,
  Permission,
  permissionLabelsOf,
} from '../../shared/permissions.js';
import { thirdPartyBots } from '../bots.js';
import { MISSING_DATA, decide, listed, withAuditBot } from '../evidence.js';
import { indexGuild } from '../guild-index.js';
import { DISCORD_PERMISSIONS_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'BOT_ADMIN_PRIVILEGES',
  name: 'Bot Administrator Privileges',
  category: 'Bots & integrations',
  severity: 'HIGH',
  whyThisMatters:
    "A bot with Administrator can do anything the owner can, protected only by its token and its developer's security. Bot breaches and malicious updates are a leading cause of server nukes; least privilege limits the blast radius to what the bot really needs.",
  remediation:
    "Server Settings > Roles > the bot's role (and any role you gave it): remove Administrator and grant only the permissions its features need (per channel where possible). If the bot insists on Administrator, replace it or watch its actions in the audit log. Prefer verified bots.",
  evidenceGuidance:
    'Evidence lists each third-party bot with Administrator or management permissions, whether it is verified, and what to change.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_PERMISSIONS_DOC],
};

const MANAGEMENT = Permission.MANAGE_GUILD | Permission.MANAGE_ROLES | Permission.MANAGE_WEBHOOKS;

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const index = indexGuild(snapshot);
  const bots = thirdPartyBots(index);
  const failures: string[] = [];
  const problematic: BotFinding[] = [];

  for (const bot of bots) {
    if (hasPermission(bot.permissions, Permission.ADMINISTRATOR)) {
      failures.push(`Bot "${bot.name}" has Administrator.`);
      problematic.push({
        name: bot.name,
        problem: 'Has Administrator: full control of the server',
        dangerousPermissions: ['Administrator'],
        solution: 'Remove Administrator from its roles and grant only the permissions its features need.',
        ...(bot.verified === null ? {} : { verified: bot.verified }),
      });
    } else if (hasAnyPermission(bot.permissions, MANAGEMENT)) {
      problematic.push({
        name: bot.name,
        problem: 'Can manage the server, roles or webhooks',
        dangerousPermissions: permissionLabelsOf(bot.permissions & MANAGEMENT),
        solution: 'Confirm the bot needs these; otherwise remove them or limit them to specific channels.',
        ...(bot.verified === null ? {} : { verified: bot.verified }),
      });
    }
  }
  const administrators = problematic.filter((bot) => bot.dangerousPermissions.includes('Administrator')).length;
  const missing = index.members ? [] : [`${MISSING_DATA.members} (bots may hold roles besides their own)`];
  const evidence = withAuditBot(index, {
    problematicBots: listed(problematic),
    botsWithDangerousPerms: listed(
      bots
        .filter((bot) => hasAnyPermission(bot.permissions, DANGEROUS_PERMISSIONS))
        .map((bot) => ({
          name: bot.name,
          problem: `Holds ${permissionLabelsOf(bot.permissions & DANGEROUS_PERMISSIONS).length} privileged permission(s)`,
          dangerousPermissions: permissionLabelsOf(bot.permissions & DANGEROUS_PERMISSIONS),
          solution: 'Review whether each permission is needed.',
          ...(bot.verified === null ? {} : { verified: bot.verified }),
        })),
    ),
    totalBots: bots.length,
    criticalCount: administrators,
    unverifiedBots: bots.filter((bot) => bot.verified === false).map((bot) => bot.name),
    ...(problematic.length > administrators
      ? {
          warnings: problematic
            .filter((bot) => !bot.dangerousPermissions.includes('Administrator'))
            .map((bot) => `Bot "${bot.name}" has ${bot.dangerousPermissions.join(', ')}.`),
        }
      : {}),
  });
  return decide(
    failures,
    missing,
    evidence,
    bots.length === 0
      ? 'No third-party bots are in the server.'
      : `None of ${bots.length} third-party bot(s) has Administrator.`,
  );
}
