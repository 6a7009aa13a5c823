import type { AuditSnapshot } from '../../shared/audit-snapshot.js';
import { DANGEROUS_PERMISSIONS, hasAnyPermission } from '../../shared/permissions.js';
import {
  MISSING_DATA,
  decide,
  listed,
  roleFinding,
  unknownBecause,
  warningsEvidence,
  withAuditBot,
} from '../evidence.js';
import { indexGuild } from '../guild-index.js';
import { roleHolderCount } from '../holders.js';
import { DISCORD_GUILD_DOC, SEAL_DISCORD } from '../references.js';
import type { CheckMetadata, CheckOutcome } from '../types.js';

export const metadata: CheckMetadata = {
  id: 'INACTIVE_ROLES',
  name: 'Inactive Roles',
  category: 'Roles & permissions',
  severity: 'LOW',
  whyThisMatters:
    'Roles nobody holds clutter the role list and hide mistakes. An empty role that still carries privileged permissions is a loaded weapon: anyone who can assign roles, or a compromised bot, can hand it out without anyone noticing a new role being created.',
  remediation:
    'Server Settings > Roles: delete roles with no members that you no longer need; at least strip privileged permissions from empty roles you keep for later.',
  evidenceGuidance: 'Evidence lists roles with no members, marking those that still carry privileged permissions.',
  requiresManualEvidence: false,
  references: [SEAL_DISCORD, DISCORD_GUILD_DOC],
};

/** RoleFlags.IN_PROMPT */
const IN_PROMPT = 1;

export function evaluate(snapshot: AuditSnapshot): CheckOutcome {
  const index = indexGuild(snapshot);
  if (!index.roleHolders && !snapshot.roleMemberCounts) {
    return unknownBecause(`${MISSING_DATA.roleMemberCounts}; ${MISSING_DATA.members}`);
  }
  // Managed roles belong to bots and integrations and are emptied or removed with them.
  const candidates = index.roles.filter((role) => !role.isEveryone && !role.managed);
  const empty = candidates.filter((role) => roleHolderCount(index, snapshot, role.id) === 0);
  const dormantPrivileged = empty.filter((role) => hasAnyPermission(role.permissions, DANGEROUS_PERMISSIONS));
  const harmlessEmpty = empty.filter((role) => !hasAnyPermission(role.permissions, DANGEROUS_PERMISSIONS));

  const evidence = withAuditBot(index, {
    rolesWithCriticalPerms: dormantPrivileged.map((role) => roleFinding(role, DANGEROUS_PERMISSIONS, 0)),
    emptyRoles: listed(empty.map((role) => role.name)),
    emptyRoleCount: empty.length,
    rolesReviewed: candidates.length,
    onboardingRoles: candidates.filter((role) => (role.flags & IN_PROMPT) !== 0).map((role) => role.name),
    ...warningsEvidence(harmlessEmpty.map((role) => `Role "${role.name}" has no members.`)),
  });
  return decide(
    dormantPrivileged.map((role) => `Empty role "${role.name}" still carries privileged permissions.`),
    [],
    evidence,
    empty.length === 0 ? 'Every role has members.' : `${empty.length} empty role(s), none with privileged permissions.`,
  );
}
