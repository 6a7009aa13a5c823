import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { hasAnyPermission, hasPermission, MODERATION_PERMISSIONS, Permission } from '../../shared/permissions.js';
import {
  MISSING_DATA,
  decide,
  describeEstimate,
  exceedsLimit,
  missingForHolderCount,
  roleFinding,
  withAuditBot,
} from '../evidence.js';
import { indexGuild } from '../guild-index.js';
import { estimateHolders, roleHolderCount } from '../holders.js';
import { DISCORD_AUDIT_LOG_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'AUDIT_LOG_ACCESS',
  name: 'Audit Log Access',
  category: 'Roles & permissions',
  severity: 'MEDIUM',
  whyThisMatters:
    'The audit log reveals who holds which role, which webhooks exist and how moderators work. Attackers read it to pick targets and time their move. It should be open to the people who investigate incidents, and no one else.',
  remediation:
    'Server Settings > Roles: remove View Audit Log from @everyone and from roles that do not moderate. Keep it on administrator and moderator roles, with no more than 10 people in total.',
  evidenceGuidance: 'Evidence lists every role that can view the audit log and how many members can.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_AUDIT_LOG_DOC],
};

const MAX_VIEWERS = 10;
const GRANTS_AUDIT_LOG = Permission.VIEW_AUDIT_LOG | Permission.ADMINISTRATOR;

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const index = indexGuild(snapshot);
  const failures: string[] = [];
  const missing: string[] = [];

  if (hasAnyPermission(index.everyone.permissions, GRANTS_AUDIT_LOG)) {
    failures.push('Critical: @everyone can view the audit log.');
  }
  const viewerRoles = index.roles.filter(
    (role) => !role.isEveryone && !role.isAuditBotRole && hasAnyPermission(role.permissions, GRANTS_AUDIT_LOG),
  );
  // A human role that neither administers nor moderates has no reason to read the log. Bot roles are
  // spared this rule because logging bots need the log to do their job (SEAL recommends one).
  const nonModeratorViewers = viewerRoles.filter(
    (role) =>
      role.botId === null &&
      !hasPermission(role.permissions, Permission.ADMINISTRATOR) &&
      !hasAnyPermission(role.permissions, MODERATION_PERMISSIONS),
  );
  for (const role of nonModeratorViewers)
    failures.push(`Role "${role.name}" can view the audit log but does not moderate.`);

  const viewers = estimateHolders(index, snapshot, {
    role: (role) => hasAnyPermission(role.permissions, GRANTS_AUDIT_LOG),
    member: (member) => hasPermission(member.basePermissions, Permission.VIEW_AUDIT_LOG),
    ownerCounts: true,
  });
  const tooMany = exceedsLimit(viewers, MAX_VIEWERS);
  if (tooMany === true)
    failures.push(`${describeEstimate(viewers)} members can view the audit log (limit ${MAX_VIEWERS}).`);
  if (tooMany === null)
    missing.push(viewers.kind === 'unknown' ? missingForHolderCount(snapshot) : MISSING_DATA.members);

  const evidence = withAuditBot(index, {
    rolesWithCriticalPerms: [
      ...(hasAnyPermission(index.everyone.permissions, GRANTS_AUDIT_LOG)
        ? [roleFinding(index.everyone, GRANTS_AUDIT_LOG)]
        : []),
      ...viewerRoles.map((role) => roleFinding(role, GRANTS_AUDIT_LOG, roleHolderCount(index, snapshot, role.id))),
    ],
    auditLogViewers: describeEstimate(viewers),
    viewerLimit: MAX_VIEWERS,
  });
  return decide(
    failures,
    missing,
    evidence,
    `Audit log access is limited to ${describeEstimate(viewers)} staff members.`,
  );
}
