import type { APIGuildMember, APIRole } from 'discord-api-types/v10';
import type { BotCollections } from './bot-membership.js';
import { computeBasePermissions, computeChannelPermissions, has, P } from './permissions.js';
import type { PermissionGuild } from './permissions.js';
import { compareSnowflakes } from './snowflake.js';
import type { GuildFixture, GuildToggles, SimulatedGuildChannel } from './types.js';

/**
 * One guild as the running simulator serves it. The fixture is shared and never mutated; bot invites
 * replace whole collections, and the lookup indexes are rebuilt lazily after each replacement.
 */
export class SimulatedGuild {
  private data: GuildFixture;
  private rolesIndex: Map<string, APIRole> | undefined;
  private membersIndex: Map<string, APIGuildMember> | undefined;
  private roleCounts: Record<string, number> | undefined;
  private memberChunks: { size: number; json: string[] } | undefined;
  toggles: GuildToggles;

  constructor(fixture: GuildFixture) {
    this.data = fixture;
    this.toggles = { ...fixture.toggles };
  }

  get id(): string {
    return this.data.guild.id;
  }
  get name(): string {
    return this.data.guild.name;
  }
  get ownerId(): string {
    return this.data.guild.owner_id;
  }
  get fixture(): GuildFixture {
    return this.data;
  }
  get roles(): readonly APIRole[] {
    return this.data.roles;
  }
  get channels(): readonly SimulatedGuildChannel[] {
    return this.data.channels;
  }
  get members(): readonly APIGuildMember[] {
    return this.data.members;
  }

  get rolesById(): ReadonlyMap<string, APIRole> {
    this.rolesIndex ??= new Map(this.data.roles.map((role) => [role.id, role]));
    return this.rolesIndex;
  }

  member(userId: string): APIGuildMember | undefined {
    this.membersIndex ??= new Map(this.data.members.map((entry) => [entry.user.id, entry]));
    return this.membersIndex.get(userId);
  }

  isMember(userId: string): boolean {
    return this.member(userId) !== undefined;
  }

  private get permissionGuild(): PermissionGuild {
    return { id: this.id, ownerId: this.ownerId, rolesById: this.rolesById };
  }

  /** Guild-level permissions of a member (0 for non-members). */
  basePermissions(userId: string): bigint {
    const entry = this.member(userId);
    if (!entry) return 0n;
    return computeBasePermissions(this.permissionGuild, { userId, roleIds: entry.roles });
  }

  channelPermissions(userId: string, channel: SimulatedGuildChannel): bigint {
    const entry = this.member(userId);
    if (!entry) return 0n;
    return computeChannelPermissions(
      this.permissionGuild,
      { userId, roleIds: entry.roles },
      channel.permission_overwrites,
    );
  }

  canView(userId: string, channel: SimulatedGuildChannel): boolean {
    return has(this.channelPermissions(userId, channel), P.ViewChannel);
  }

  /** `{role_id: count}` for every role but @everyone, as `GET /guilds/{id}/roles/member-counts` answers. */
  roleMemberCounts(): Record<string, number> {
    if (!this.roleCounts) {
      const counts: Record<string, number> = {};
      for (const role of this.data.roles) if (role.id !== this.id) counts[role.id] = 0;
      for (const entry of this.data.members) {
        for (const roleId of entry.roles) counts[roleId] = (counts[roleId] ?? 0) + 1;
      }
      this.roleCounts = counts;
    }
    return this.roleCounts;
  }

  /** Members with a user id greater than `after`, ascending, at most `limit` (binary search: 50,000 members). */
  membersAfter(after: string, limit: number): APIGuildMember[] {
    const list = this.data.members;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const candidate = list[middle];
      if (candidate && compareSnowflakes(candidate.user.id, after) <= 0) low = middle + 1;
      else high = middle;
    }
    return list.slice(low, low + limit);
  }

  /**
   * One chunk of the member list (members `index * size` onwards) as a JSON array, kept until the members
   * change: the Gateway sends a 50,000-member list often, and its serialisation is Discord's work, not the
   * audit's. Each chunk is written on first use, so no single call serialises the whole list.
   */
  memberChunkJson(size: number, index: number): string {
    if (this.memberChunks?.size !== size) this.memberChunks = { size, json: [] };
    const json = this.memberChunks.json;
    json[index] ??= JSON.stringify(this.data.members.slice(index * size, (index + 1) * size));
    return json[index];
  }

  /** How many chunks of `size` the member list makes (at least one, empty for a guild without members). */
  memberChunkCount(size: number): number {
    return Math.max(1, Math.ceil(this.data.members.length / size));
  }

  replaceBotCollections(collections: BotCollections): void {
    this.replaceFixture((fixture) => ({ ...fixture, ...collections }));
  }

  /** Changes the guild as its owner would in Discord (tests and the demo plant drift this way; guild-mutations.ts). */
  replaceFixture(change: (fixture: GuildFixture) => GuildFixture): void {
    this.data = change(this.data);
    this.memberChunks = undefined;
    this.rolesIndex = undefined;
    this.membersIndex = undefined;
    this.roleCounts = undefined;
  }
}
