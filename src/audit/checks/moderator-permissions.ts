import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { hasAnyPermission, hasPermission, MODERATION_PERMISSIONS, Permission } from '../../shared/permissions.js';
import {
  MISSING_DATA,
  describeEstimate,
  exceedsLimit,
  listed,
  missingForHolderCount,
  namesOf,
  roleFinding,
  warningsEvidence,
  withAuditBot,
  decide,
} from '../evidence.js';
import { indexGuild, type IndexedMember, type IndexedRole } from '../guild-index.js';
import { estimateHolders, roleHolderCount, type HolderEstimate } from '../holders.js';
import { DISCORD_PERMISSIONS_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'MODERATOR_PERMISSIONS',
  name: 'Moderator Permissions',
  category: 'Roles & permissions',
  severity: 'HIGH',
  whyThisMatters:
    'Moderators need to remove messages, time out, kick and ban, and nothing more. A moderator role that can also manage the server, roles or webhooks turns every phished moderator into a full takeover, and too many moderators multiply the accounts an attacker can target.',
  remediation:
    'Server Settings > Roles > your moderator roles: keep Kick, Ban, Timeout and Manage Messages; remove Manage Server, Manage Roles and Manage Webhooks. Keep the number of moderators to what you need (at most 5, or 2% of members on large servers) and remove inactive ones.',
  evidenceGuidance:
    'Evidence lists each moderator role (a role with Kick, Ban, Timeout or Manage Messages but not Administrator), its extra management permissions and how many members hold it.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_PERMISSIONS_DOC],
};

const OVERREACH = Permission.MANAGE_GUILD | Permission.MANAGE_ROLES | Permission.MANAGE_WEBHOOKS;

export function isModeratorRole(role: IndexedRole): boolean {
  return (
    !role.isEveryone &&
    !role.managed &&
    hasAnyPermission(role.permissions, MODERATION_PERMISSIONS) &&
    !hasPermission(role.permissions, Permission.ADMINISTRATOR)
  );
}

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const index = indexGuild(snapshot);
  const moderatorRoles = index.roles.filter(isModeratorRole);
  const moderatorRoleIds = new Set(moderatorRoles.map((role) => role.id));
  const failures: string[] = [];
  const missing: string[] = [];
  const warnings: string[] = [];

  const overreaching = moderatorRoles.filter((role) => hasAnyPermission(role.permissions, OVERREACH));
  for (const role of overreaching) {
    failures.push(`Moderator role "${role.name}" also holds ${namesOf(role.permissions & OVERREACH)}.`);
  }
  if (moderatorRoles.length === 0) warnings.push('No moderator role exists, so only administrators can moderate.');

  const isModerator = (member: IndexedMember) => {
    if (member.isBot) return false;
    for (const roleId of member.roleIds) if (moderatorRoleIds.has(roleId)) return true;
    return false;
  };
  // One pass over the members serves both the count and the evidence list.
  const moderators = index.members?.filter(isModerator) ?? [];
  const holders: HolderEstimate = index.members
    ? { kind: 'exact', count: moderators.length }
    : estimateHolders(index, snapshot, {
        role: (role) => moderatorRoleIds.has(role.id),
        member: isModerator,
        ownerCounts: false,
      });
  const total = index.totalMembers;
  // With an unknown member count only the floor of 5 is certain.
  const limit = total === null ? null : Math.max(5, total * 0.02);
  const tooMany =
    moderatorRoles.length === 0
      ? false
      : limit === null
        ? exceedsLimit(holders, 5) === false
          ? false
          : null
        : exceedsLimit(holders, limit);
  if (tooMany === true && limit !== null) {
    failures.push(
      `${describeEstimate(holders)} members hold moderator roles (limit ${Math.floor(limit)} for ${total} members).`,
    );
  } else if (tooMany === null) {
    missing.push(
      holders.kind === 'unknown'
        ? missingForHolderCount(snapshot)
        : limit === null
          ? MISSING_DATA.memberCount
          : MISSING_DATA.members,
    );
  }

  const evidence = withAuditBot(index, {
    rolesWithCriticalPerms: overreaching.map((role) =>
      roleFinding(role, OVERREACH | MODERATION_PERMISSIONS, roleHolderCount(index, snapshot, role.id)),
    ),
    moderatorRoles: moderatorRoles.map((role) =>
      roleFinding(role, MODERATION_PERMISSIONS | OVERREACH, roleHolderCount(index, snapshot, role.id)),
    ),
    moderatorCount: describeEstimate(holders),
    moderatorLimit: limit === null ? null : Math.floor(limit),
    members: listed(
      moderators.map((member) => ({
        displayName: member.displayName,
        username: member.username,
        roles: member.roleIds.flatMap((id) => index.roleById.get(id)?.name ?? []),
      })),
    ),
    membersWithElevatedPerms: index.members ? moderators.length : null,
    totalMembers: total,
    ...warningsEvidence(warnings),
  });
  return decide(
    failures,
    missing,
    evidence,
    'Moderator roles hold only moderation permissions and their number is within limits.',
  );
}
