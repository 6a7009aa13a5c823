import type { APIGuildMember } from 'discord-api-types/v10';
import type { AuditBotNote } from '../shared/audit-contract.js';
import type { AuditSnapshot } from '../shared/audit-snapshot.js';
import {
  ALL_PERMISSIONS,
  computeBasePermissions,
  hasPermission,
  parsePermissions,
  Permission,
  type GuildPermissionContext,
} from '../shared/permissions.js';

export interface IndexedRole {
  id: string;
  name: string;
  position: number;
  permissions: bigint;
  managed: boolean;
  mentionable: boolean;
  hoist: boolean;
  /** Role flags; IN_PROMPT (1) marks roles members pick themselves in onboarding. */
  flags: number;
  isEveryone: boolean;
  /** `tags.bot_id`: the bot this managed role belongs to. */
  botId: string | null;
  isAuditBotRole: boolean;
}

/**
 * One member with its guild-level permissions. A class with getters keeps each of the (possibly
 * 100,000) instances down to three fields; everything else is read from Discord's object on demand.
 */
export class IndexedMember {
  constructor(
    readonly member: APIGuildMember,
    readonly basePermissions: bigint,
    readonly isOwner: boolean,
  ) {}

  get userId(): string {
    return this.member.user.id;
  }

  get username(): string {
    return this.member.user.username;
  }

  get displayName(): string {
    return displayNameOf(this.member);
  }

  get isBot(): boolean {
    return this.member.user.bot === true;
  }

  get roleIds(): readonly string[] {
    return this.member.roles;
  }
}

/**
 * Everything the checks derive from roles and members, computed once per snapshot so that no check
 * walks members × roles × channels on its own.
 */
export interface GuildIndex {
  guildId: string;
  ownerId: string;
  botUserId: string;
  collectedAtMs: number;
  permissionContext: GuildPermissionContext;
  everyone: IndexedRole;
  /** Highest first: greater position first, equal positions by lower id first (Discord's order). */
  roles: IndexedRole[];
  roleById: ReadonlyMap<string, IndexedRole>;
  auditBotRole: IndexedRole | null;
  /** Our own bot, when it is in the guild; reported as information, never as a finding. */
  auditBot: AuditBotNote | null;
  /** Every member except our own audit bot, which is never a finding. */
  members: IndexedMember[] | null;
  /** The owner's member entry, when the member list was read. */
  owner: IndexedMember | null;
  /** Exact holders per role id when the member list was read; built on first use. */
  readonly roleHolders: ReadonlyMap<string, number> | null;
  totalMembers: number | null;
}

const indexCache = new WeakMap<AuditSnapshot, GuildIndex>();

export function compareRolesHighestFirst(a: IndexedRole, b: IndexedRole): number {
  if (a.position !== b.position) return b.position - a.position;
  const aId = BigInt(a.id);
  const bId = BigInt(b.id);
  return aId === bId ? 0 : aId < bId ? -1 : 1;
}

export function displayNameOf(member: APIGuildMember): string {
  return member.nick ?? member.user.global_name ?? member.user.username;
}

function indexRoles(snapshot: AuditSnapshot): IndexedRole[] {
  const guildId = snapshot.guild.id;
  return snapshot.guild.roles.map((role) => {
    const botId = role.tags?.bot_id ?? null;
    return {
      id: role.id,
      name: role.name,
      position: role.position,
      permissions: parsePermissions(role.permissions),
      managed: role.managed,
      mentionable: role.mentionable === true,
      hoist: role.hoist === true,
      flags: typeof role.flags === 'number' ? role.flags : 0,
      isEveryone: role.id === guildId,
      botId,
      isAuditBotRole: botId !== null && botId === snapshot.botUserId,
    };
  });
}

interface RoleSetNode {
  permissions: bigint;
  next: Map<string, RoleSetNode> | null;
}

/**
 * Guild-level permissions of a non-owner member, shared between members holding the same roles in the
 * same order: a trie over role ids, so 50,000 members cost a few hundred BigInt values, not 150,000.
 * Same result as computeBasePermissions (OR is order-free and ADMINISTRATOR only ever widens to ALL).
 */
function sharedRolePermissions(context: GuildPermissionContext): (roleIds: readonly string[]) => bigint {
  const root: RoleSetNode = { permissions: computeBasePermissions(context, { userId: null, roleIds: [] }), next: null };
  return (roleIds) => {
    let node = root;
    for (const roleId of roleIds) {
      node.next ??= new Map();
      let child = node.next.get(roleId);
      if (!child) {
        const combined = node.permissions | (context.rolePermissions.get(roleId) ?? 0n);
        child = { permissions: hasPermission(combined, Permission.ADMINISTRATOR) ? ALL_PERMISSIONS : combined, next: null };
        node.next.set(roleId, child);
      }
      node = child;
    }
    return node.permissions;
  };
}

function buildIndex(snapshot: AuditSnapshot): GuildIndex {
  const { guild, botUserId } = snapshot;
  const roles = indexRoles(snapshot).sort(compareRolesHighestFirst);
  const roleById = new Map(roles.map((role) => [role.id, role]));
  const everyone: IndexedRole = roleById.get(guild.id) ?? {
    // Discord always sends @everyone; a hand-made snapshot may not, and then it grants nothing.
    id: guild.id,
    name: '@everyone',
    position: 0,
    permissions: 0n,
    managed: false,
    mentionable: false,
    hoist: false,
    flags: 0,
    isEveryone: true,
    botId: null,
    isAuditBotRole: false,
  };
  const permissionContext: GuildPermissionContext = {
    guildId: guild.id,
    ownerId: guild.owner_id,
    rolePermissions: new Map(roles.map((role) => [role.id, role.permissions])),
  };

  const rolePermissionsOf = sharedRolePermissions(permissionContext);
  let members: IndexedMember[] | null = null;
  let owner: IndexedMember | null = null;
  let auditBotMember: APIGuildMember | null = null;
  if (snapshot.members) {
    members = [];
    for (const member of snapshot.members) {
      const userId = member.user.id;
      if (userId === botUserId) {
        auditBotMember = member;
        continue;
      }
      const basePermissions =
        userId === guild.owner_id ? computeBasePermissions(permissionContext, { userId, roleIds: member.roles }) : rolePermissionsOf(member.roles);
      const indexed = new IndexedMember(member, basePermissions, userId === guild.owner_id);
      if (indexed.isOwner) owner = indexed;
      members.push(indexed);
    }
  }

  const auditBotRole = roles.find((role) => role.isAuditBotRole) ?? null;
  const auditBotName = auditBotMember?.user.username ?? auditBotRole?.name ?? null;
  let roleHolders: Map<string, number> | undefined;

  return {
    guildId: guild.id,
    ownerId: guild.owner_id,
    botUserId,
    collectedAtMs: Date.parse(snapshot.collectedAt),
    permissionContext,
    everyone,
    roles,
    roleById,
    auditBotRole,
    auditBot: auditBotName === null ? null : { name: auditBotName, excluded: true },
    members,
    owner,
    get roleHolders() {
      if (!snapshot.members) return null;
      if (!roleHolders) {
        roleHolders = new Map();
        // Counted over the raw list so that our bot's roles count like Discord's own member counts.
        for (const member of snapshot.members) {
          for (const roleId of member.roles) roleHolders.set(roleId, (roleHolders.get(roleId) ?? 0) + 1);
        }
      }
      return roleHolders;
    },
    totalMembers: snapshot.members ? snapshot.members.length : (guild.approximate_member_count ?? null),
  };
}

/** Memoised per snapshot object: every check of one audit shares the same index. */
export function indexGuild(snapshot: AuditSnapshot): GuildIndex {
  const cached = indexCache.get(snapshot);
  if (cached) return cached;
  const built = buildIndex(snapshot);
  indexCache.set(snapshot, built);
  return built;
}

export type HolderEstimate =
  | { kind: 'exact'; count: number }
  | { kind: 'range'; min: number; max: number }
  | { kind: 'unknown' };

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
    return index.totalMembers === null ? { kind: 'unknown' } : { kind: 'range', min: index.totalMembers, max: index.totalMembers };
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

const DISCORD_EPOCH_MS = 1_420_070_400_000n;

export function snowflakeTimestampMs(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH_MS);
}

export const DAY_MS = 86_400_000;
