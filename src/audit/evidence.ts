import type { CheckEvidence, RoleFinding } from '../shared/findings.js';
import type { AuditSnapshot } from '../shared/audit-snapshot.js';
import { permissionLabelsOf } from '../shared/permissions.js';
import type { GuildIndex, IndexedRole } from './guild-index.js';
import type { HolderEstimate } from './holders.js';
import type { CheckOutcome } from './types.js';

/** Why a snapshot part is null, in the words a server owner can act on. */
export const MISSING_DATA = {
  members: 'GUILD_MEMBERS privileged intent is off, so the member list could not be read',
  roleMemberCounts: 'Role member counts could not be read',
  channels: 'Bot could not list channels (needs VIEW_CHANNEL)',
  autoModerationRules: 'Bot lacks MANAGE_GUILD, so AutoMod rules could not be read',
  integrations: 'Bot lacks MANAGE_GUILD, so integrations could not be read',
  webhooks: 'Bot lacks MANAGE_WEBHOOKS, so webhooks could not be read',
  auditLog: 'Bot lacks VIEW_AUDIT_LOG, so the audit log could not be read',
  memberCount: 'The guild member count is unknown',
} as const;

/** Long lists are cut so that evidence stays readable and small on very large guilds. */
export const MAX_LISTED = 25;

export function listed<T>(items: readonly T[]): T[] {
  return items.slice(0, MAX_LISTED);
}

/**
 * Advisory findings for the evidence: the first MAX_LISTED, plus their total when some were left out,
 * so a long list is shortened but never silently loses findings.
 */
export function warningsEvidence(warnings: readonly string[]): Pick<CheckEvidence, 'warnings' | 'totalWarnings'> {
  if (warnings.length === 0) return {};
  return { warnings: listed(warnings), ...(warnings.length > MAX_LISTED ? { totalWarnings: warnings.length } : {}) };
}

/**
 * The one status rule every automated check follows: a proven problem fails; otherwise missing
 * data makes the check UNKNOWN (never a failure); otherwise it passes.
 */
export function decide(
  failures: readonly string[],
  missing: readonly string[],
  evidence: CheckEvidence,
  passSummary: string,
): CheckOutcome {
  if (failures.length > 0) {
    return {
      status: 'FAIL',
      evidence: {
        ...evidence,
        summary: failures.length === 1 ? (failures[0] ?? '') : `${failures.length} problems found`,
        details: listed(failures),
        ...(missing.length > 0 ? { missingData: [...missing] } : {}),
      },
    };
  }
  if (missing.length > 0) {
    return {
      status: 'UNKNOWN',
      evidence: { ...evidence, summary: `Not enough data: ${missing.join('; ')}`, missingData: [...missing] },
    };
  }
  const warningCount = evidence.totalWarnings ?? (Array.isArray(evidence.warnings) ? evidence.warnings.length : 0);
  const summary = warningCount > 0 ? `${passSummary} ${warningCount} warning(s) to review.` : passSummary;
  return { status: 'PASS', evidence: { ...evidence, summary } };
}

/** Evidence for a check that can only read one part of the snapshot and found it null. */
export function unknownBecause(missing: string, evidence: CheckEvidence = {}): CheckOutcome {
  return {
    status: 'UNKNOWN',
    evidence: { ...evidence, summary: `Not enough data: ${missing}`, missingData: [missing] },
  };
}

export function roleFinding(role: IndexedRole, relevantBits: bigint, members: number | null = null): RoleFinding {
  return {
    name: role.name,
    permissions: role.permissions.toString(),
    permissionNames: permissionLabelsOf(role.permissions & relevantBits),
    members,
  };
}

export function namesOf(bits: bigint): string {
  return permissionLabelsOf(bits).join(', ');
}

/** Adds our bot as information when it is in the guild, so owners see it was deliberately left out. */
export function withAuditBot(index: GuildIndex, evidence: CheckEvidence): CheckEvidence {
  return index.auditBot ? { ...evidence, auditBot: index.auditBot } : evidence;
}

export function describeEstimate(estimate: HolderEstimate): string {
  if (estimate.kind === 'exact') return String(estimate.count);
  if (estimate.kind === 'range') return `between ${estimate.min} and ${estimate.max}`;
  return 'unknown';
}

/** Compares a holder count with a limit, reporting "cannot tell" when role counts only bound it. */
export function exceedsLimit(estimate: HolderEstimate, limit: number): boolean | null {
  if (estimate.kind === 'exact') return estimate.count > limit;
  if (estimate.kind === 'range') {
    if (estimate.min > limit) return true;
    if (estimate.max <= limit) return false;
  }
  return null;
}

/** Which part to blame when a holder count could not be settled. */
export function missingForHolderCount(snapshot: AuditSnapshot): string {
  return snapshot.roleMemberCounts ? MISSING_DATA.members : `${MISSING_DATA.members}; ${MISSING_DATA.roleMemberCounts}`;
}
