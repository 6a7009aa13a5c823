import type { APIGuildMember } from 'discord-api-types/v10';
import type { AuditBotNote } from '../shared/findings.js';
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
        child = {
          permissions: hasPermission(combined, Permission.ADMINISTRATOR) ? ALL_PERMISSIONS : combined,
          next: null,
        };
        node.next.set(roleId, child);
      }
      node = child;
    }
    return node.permissions;
  };
}

/** Members indexed between two pauses of a sliced build (see indexGuildSteps). */
const MEMBERS_PER_STEP = 512;

function* buildIndex(snapshot: AuditSnapshot): Generator<void, GuildIndex> {
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
    for (const [position, member] of snapshot.members.entries()) {
      if (position % MEMBERS_PER_STEP === MEMBERS_PER_STEP - 1) yield;
      const userId = member.user.id;
      if (userId === botUserId) {
        auditBotMember = member;
        continue;
      }
      const basePermissions =
        userId === guild.owner_id
          ? computeBasePermissions(permissionContext, { userId, roleIds: member.roles })
          : rolePermissionsOf(member.roles);
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
  const steps = indexGuildSteps(snapshot);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** indexGuild as steps that pause every few hundred members, for callers that must not hold their event loop. */
export function* indexGuildSteps(snapshot: AuditSnapshot): Generator<void, GuildIndex> {
  const cached = indexCache.get(snapshot);
  if (cached) return cached;
  const built = yield* buildIndex(snapshot);
  indexCache.set(snapshot, built);
  return built;
}

const DISCORD_EPOCH_MS = 1_420_070_400_000n;

export function snowflakeTimestampMs(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH_MS);
}

export const DAY_MS = 86_400_000;
