import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { DANGEROUS_PERMISSIONS, hasAnyPermission, hasPermission, Permission } from '../../shared/permissions.js';
import {
  MISSING_DATA,
  decide,
  describeEstimate,
  exceedsLimit,
  listed,
  missingForHolderCount,
  roleFinding,
  withAuditBot,
} from '../evidence.js';
import { indexGuild } from '../guild-index.js';
import { estimateHolders, roleHolderCount } from '../holders.js';
import { DISCORD_PERMISSIONS_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'PRIVILEGED_PERMISSIONS',
  name: 'Privileged Permissions',
  category: 'Roles & permissions',
  severity: 'HIGH',
  whyThisMatters:
    'Every account holding Administrator is a full takeover waiting for one phishing link. SEAL recommends no more than 2–3 administrators, and no privileged permission on roles members can pick for themselves.',
  remediation:
    'Server Settings > Roles: reduce Administrator to one admin role with at most 3 holders in total (owner and bots included); move day-to-day work to narrower staff roles. Remove privileged permissions from any role offered in onboarding or reaction-role menus.',
  evidenceGuidance:
    'Evidence lists every role with privileged permissions, how many members hold it, and the members with elevated permissions.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_PERMISSIONS_DOC],
};

const MAX_ADMINISTRATORS = 3;
/** RoleFlags.IN_PROMPT: the role is offered in an onboarding prompt. */
const IN_PROMPT = 1;

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const index = indexGuild(snapshot);
  const failures: string[] = [];
  const missing: string[] = [];

  const privilegedRoles = index.roles.filter(
    (role) => !role.isAuditBotRole && hasAnyPermission(role.permissions, DANGEROUS_PERMISSIONS),
  );
  const administrators = estimateHolders(index, snapshot, {
    role: (role) => hasPermission(role.permissions, Permission.ADMINISTRATOR),
    member: (member) => hasPermission(member.basePermissions, Permission.ADMINISTRATOR),
    ownerCounts: true,
  });
  const tooMany = exceedsLimit(administrators, MAX_ADMINISTRATORS);
  if (tooMany === true) {
    failures.push(
      `${describeEstimate(administrators)} accounts hold Administrator, owner and bots included (limit ${MAX_ADMINISTRATORS}).`,
    );
  } else if (tooMany === null) {
    missing.push(administrators.kind === 'unknown' ? missingForHolderCount(snapshot) : MISSING_DATA.members);
  }

  // Roles members grant themselves (onboarding prompts) must never carry privilege.
  const promptRoleIds = new Set(
    (snapshot.onboarding?.prompts ?? []).flatMap((prompt) => prompt.options.flatMap((option) => option.role_ids ?? [])),
  );
  const selfAssignable = privilegedRoles.filter(
    (role) => !role.isEveryone && ((role.flags & IN_PROMPT) !== 0 || promptRoleIds.has(role.id)),
  );
  for (const role of selfAssignable) {
    failures.push(
      `Self-assignable role "${role.name}"${role.mentionable || role.hoist ? ' (mentionable/hoisted)' : ''} carries privileged permissions.`,
    );
  }

  const elevated = index.members
    ? index.members.filter((member) => hasAnyPermission(member.basePermissions, DANGEROUS_PERMISSIONS))
    : [];
  const evidence = withAuditBot(index, {
    rolesWithCriticalPerms: listed(
      privilegedRoles.map((role) =>
        roleFinding(
          role,
          DANGEROUS_PERMISSIONS,
          role.isEveryone ? index.totalMembers : roleHolderCount(index, snapshot, role.id),
        ),
      ),
    ),
    privilegedRoleCount: privilegedRoles.length,
    administratorCount: describeEstimate(administrators),
    administratorLimit: MAX_ADMINISTRATORS,
    selfAssignableRoles: selfAssignable.map((role) => role.name),
    members: listed(
      elevated.map((member) => ({
        displayName: member.displayName,
        username: member.username,
        roles: member.isOwner ? ['Server owner'] : member.roleIds.flatMap((id) => index.roleById.get(id)?.name ?? []),
      })),
    ),
    membersWithElevatedPerms: index.members ? elevated.length : null,
    totalMembers: index.totalMembers,
  });
  return decide(
    failures,
    missing,
    evidence,
    `${describeEstimate(administrators)} account(s) hold Administrator and no self-assignable role is privileged.`,
  );
}
