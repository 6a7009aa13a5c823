import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { DANGEROUS_PERMISSIONS, hasAnyPermission, hasPermission, Permission } from '../../shared/permissions.js';
import { decide, listed, roleFinding, warningsEvidence, withAuditBot } from '../evidence.js';
import { indexGuild, type IndexedRole } from '../guild-index.js';
import { DISCORD_PERMISSIONS_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'ROLE_HIERARCHY',
  name: 'Role Hierarchy',
  category: 'Roles & permissions',
  severity: 'HIGH',
  whyThisMatters:
    'A role can manage, assign and strip only the roles below it. If a bot or a "Manage Roles" role sits above your human administrators, whoever controls it can remove your admins\' roles and give itself theirs; a compromised bot at the top of the list can take the whole server.',
  remediation:
    'Server Settings > Roles: drag your human administrator role (for example "Cold Admin") to the top, then staff, then moderators, then bots, then members. Keep bot roles below the administrators and give Manage Roles only to roles that sit just above the roles they must assign.',
  evidenceGuidance:
    'Evidence names each role with Manage Roles or Administrator that sits above the highest human admin or owner role, and the top role.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_PERMISSIONS_DOC],
};

const POWER = Permission.ADMINISTRATOR | Permission.MANAGE_ROLES;

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const index = indexGuild(snapshot);
  // Our own bot's role is never a finding, wherever it sits.
  const ranked = index.roles.filter((role) => !role.isEveryone && !role.isAuditBotRole);
  const ownerRoleIds = new Set(index.owner?.roleIds ?? []);
  const isHumanAnchor = (role: IndexedRole) =>
    ownerRoleIds.has(role.id) || (!role.managed && hasPermission(role.permissions, Permission.ADMINISTRATOR));
  const anchorPosition = ranked.findIndex(isHumanAnchor);
  const anchor = anchorPosition >= 0 ? ranked[anchorPosition] : undefined;

  const offending = new Map<string, { role: IndexedRole; problem: string }>();
  if (anchor) {
    for (const role of ranked.slice(0, anchorPosition)) {
      if (hasAnyPermission(role.permissions, POWER)) {
        offending.set(role.id, {
          role,
          problem: `"${role.name}" (${role.managed ? 'managed' : 'manual'} role with Manage Roles or Administrator) sits above "${anchor.name}".`,
        });
      }
    }
  }
  const top = ranked[0];
  if (top && top.botId !== null && hasAnyPermission(top.permissions, POWER) && !offending.has(top.id)) {
    offending.set(top.id, {
      role: top,
      problem: `Bot role "${top.name}" holds Manage Roles or Administrator and is the top role.`,
    });
  }

  const warnings: string[] = [];
  // Ties first: they are few, and a long list of assignable roles must not crowd them out.
  const seenPositions = new Map<number, string>();
  for (const role of ranked) {
    const other = seenPositions.get(role.position);
    if (other !== undefined)
      warnings.push(`"${role.name}" and "${other}" share position ${role.position}; Discord orders them by id.`);
    seenPositions.set(role.position, role.name);
  }

  const assigners = ranked.filter(
    (role) =>
      hasPermission(role.permissions, Permission.MANAGE_ROLES) &&
      !hasPermission(role.permissions, Permission.ADMINISTRATOR),
  );
  for (const assigner of assigners) {
    const assignable = ranked
      .slice(ranked.indexOf(assigner) + 1)
      .filter((lower) => !lower.managed && hasAnyPermission(lower.permissions, DANGEROUS_PERMISSIONS));
    if (assignable.length === 0) continue;
    const names = assignable.map((lower) => `"${lower.name}"`);
    warnings.push(
      `"${assigner.name}" can assign the privileged role${names.length > 1 ? 's' : ''} ${names.join(', ')} below it.`,
    );
  }

  const evidence = withAuditBot(index, {
    rolesWithCriticalPerms: [...offending.values()].map(({ role, problem }) => ({
      ...roleFinding(role, POWER),
      problem,
    })),
    highestHumanAdminRole: anchor?.name ?? null,
    topRole: top?.name ?? null,
    roleOrder: listed(ranked.map((role) => role.name)),
    ...warningsEvidence(warnings),
  });
  return decide(
    [...offending.values()].map(({ problem }) => problem),
    [],
    evidence,
    anchor
      ? `No role with Manage Roles or Administrator sits above "${anchor.name}".`
      : 'No bot or Manage Roles role tops the role list.',
  );
}
