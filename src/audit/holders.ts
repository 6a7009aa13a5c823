import type { AuditSnapshot } from '../shared/audit-snapshot.js';
import type { GuildIndex, IndexedMember, IndexedRole } from './guild-index.js';

export type HolderEstimate =
  { kind: 'exact'; count: number } | { kind: 'range'; min: number; max: number } | { kind: 'unknown' };

export interface HolderQuery {
  /** Which roles confer the property (used when only role member counts are known). */
  role: (role: IndexedRole) => boolean;
  /** Which members hold the property (used when the member list is known). */
  member: (member: IndexedMember) => boolean;
  /** Whether the guild owner counts as a holder even without a matching role. */
  ownerCounts: boolean;
}

/**
 * Counts members holding a property, exactly from the member list, or as bounds from role member
 * counts (a member with two matching roles is counted twice in the upper bound). Our bot never counts.
 */
export function estimateHolders(index: GuildIndex, snapshot: AuditSnapshot, query: HolderQuery): HolderEstimate {
  if (index.members) {
    let count = 0;
    for (const member of index.members) if (query.member(member)) count += 1;
    return { kind: 'exact', count };
  }
  if (query.role(index.everyone)) {
    return index.totalMembers === null
      ? { kind: 'unknown' }
      : { kind: 'range', min: index.totalMembers, max: index.totalMembers };
  }
  const counts = snapshot.roleMemberCounts;
  if (!counts) return { kind: 'unknown' };
  let min = 0;
  let max = 0;
  for (const role of index.roles) {
    if (role.isEveryone || role.isAuditBotRole || !query.role(role)) continue;
    const count = counts[role.id] ?? 0;
    min = Math.max(min, count);
    max += count;
  }
  if (query.ownerCounts) {
    min = Math.max(min, 1);
    max += 1;
  }
  return min === max ? { kind: 'exact', count: min } : { kind: 'range', min, max };
}

/**
 * Looks up a handful of members (webhook creators, overwrite targets) in one scan, instead of keeping
 * a map of every member. Null when the member list was not read.
 */
export function findMembers(index: GuildIndex, userIds: Iterable<string>): ReadonlyMap<string, IndexedMember> | null {
  if (!index.members) return null;
  const wanted = new Set(userIds);
  const found = new Map<string, IndexedMember>();
  if (wanted.size === 0) return found;
  for (const member of index.members) {
    if (wanted.has(member.userId)) found.set(member.userId, member);
  }
  return found;
}

/** Members holding one role: exact from the member list, else from role member counts. */
export function roleHolderCount(index: GuildIndex, snapshot: AuditSnapshot, roleId: string): number | null {
  if (index.roleHolders) return index.roleHolders.get(roleId) ?? 0;
  if (snapshot.roleMemberCounts) return snapshot.roleMemberCounts[roleId] ?? 0;
  return null;
}
