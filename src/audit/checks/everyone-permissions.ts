import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { Permission, permissionLabelsOf } from '../../shared/permissions.js';
import { indexGuild } from '../guild-index.js';
import { namesOf } from '../evidence.js';
import { DISCORD_PERMISSIONS_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'EVERYONE_PERMISSIONS',
  name: 'Default (@everyone) Permissions',
  category: 'Roles & permissions',
  severity: 'CRITICAL',
  whyThisMatters:
    '@everyone is held by every member, including the newest spam account. Any management or moderation power on it is handed to the whole internet, and a single troll can then delete channels, ban staff or ping thousands of members.',
  remediation:
    'Server Settings > Roles > @everyone: remove Administrator, Manage Server, Manage Roles, Manage Channels, Manage Webhooks, Ban and Kick Members, and also Mention @everyone, Manage Messages, Manage Threads, Timeout Members, Manage Expressions, Manage Nicknames, View Audit Log and Manage Events. Grant those to dedicated staff roles instead.',
  evidenceGuidance: 'Evidence lists the @everyone permission bitmask and every risky permission it grants.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_PERMISSIONS_DOC],
};

const CRITICAL_GRANTS =
  Permission.ADMINISTRATOR |
  Permission.MANAGE_GUILD |
  Permission.MANAGE_ROLES |
  Permission.MANAGE_CHANNELS |
  Permission.MANAGE_WEBHOOKS |
  Permission.BAN_MEMBERS |
  Permission.KICK_MEMBERS;

const HIGH_GRANTS =
  Permission.MENTION_EVERYONE |
  Permission.MANAGE_MESSAGES |
  Permission.MANAGE_THREADS |
  Permission.MODERATE_MEMBERS |
  Permission.MANAGE_GUILD_EXPRESSIONS |
  Permission.MANAGE_NICKNAMES |
  Permission.VIEW_AUDIT_LOG |
  Permission.MANAGE_EVENTS;

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const everyone = indexGuild(snapshot).everyone;
  const critical = everyone.permissions & CRITICAL_GRANTS;
  const high = everyone.permissions & HIGH_GRANTS;
  const role = {
    name: everyone.name,
    permissions: everyone.permissions.toString(),
    permissionNames: permissionLabelsOf(critical | high),
  };
  const evidence = {
    rolesWithCriticalPerms: critical | high ? [role] : [],
    criticalGrants: permissionLabelsOf(critical),
    highRiskGrants: permissionLabelsOf(high),
    everyonePermissions: everyone.permissions.toString(),
  };
  if (critical === 0n && high === 0n) {
    return {
      status: 'PASS',
      evidence: { ...evidence, summary: '@everyone holds no management or moderation permissions.' },
    };
  }
  const details = [
    ...(critical ? [`Critical: @everyone has ${namesOf(critical)}`] : []),
    ...(high ? [`High risk: @everyone has ${namesOf(high)}`] : []),
  ];
  return {
    status: 'FAIL',
    evidence: {
      ...evidence,
      summary: `Every member can use ${namesOf(critical | high)}.`,
      details,
      recommendation: 'Remove these permissions from @everyone and grant them to staff roles only.',
    },
  };
}
