import type { APIGuildChannel } from 'discord-api-types/v10';
import type { AuditSnapshot } from '../shared/audit-snapshot.js';
import {
  applyImplicitChannelRules,
  ChannelKind,
  computeChannelPermissions,
  type OverwriteLike,
} from '../shared/permissions.js';
import type { GuildIndex } from './guild-index.js';

const CHANNEL_TYPE_LABELS: Readonly<Record<number, string>> = {
  [ChannelKind.GUILD_TEXT]: 'text',
  [ChannelKind.GUILD_VOICE]: 'voice',
  [ChannelKind.GUILD_CATEGORY]: 'category',
  [ChannelKind.GUILD_ANNOUNCEMENT]: 'announcement',
  [ChannelKind.GUILD_STAGE_VOICE]: 'stage',
  14: 'directory',
  [ChannelKind.GUILD_FORUM]: 'forum',
  [ChannelKind.GUILD_MEDIA]: 'media',
};

/** DMs and threads carry no overwrites of their own; threads follow their parent. */
const SKIPPED_TYPES = new Set([1, 3, 10, 11, 12]);

export function channelTypeLabel(type: number): string {
  return CHANNEL_TYPE_LABELS[type] ?? `type ${type}`;
}

export function channelName(channel: APIGuildChannel): string {
  const name = channel.name ?? channel.id;
  return channel.type === ChannelKind.GUILD_CATEGORY ? name : `#${name}`;
}

export function overwritesOf(channel: APIGuildChannel): readonly OverwriteLike[] {
  return channel.permission_overwrites ?? [];
}

/** Guild channels that have their own permissions (no DMs, no threads). */
export function auditableChannels(snapshot: AuditSnapshot): APIGuildChannel[] {
  return (snapshot.channels ?? []).filter((channel) => !SKIPPED_TYPES.has(channel.type));
}

/** Keyed by index first: the same channel object may appear in snapshots with different roles. */
const everyoneViewCache = new WeakMap<GuildIndex, WeakMap<APIGuildChannel, bigint>>();

/**
 * What a member holding no roles can really do in a channel: the @everyone base, the @everyone
 * overwrite, then Discord's implicit rules (no VIEW_CHANNEL voids everything, and so on).
 */
export function everyoneEffectivePermissions(index: GuildIndex, channel: APIGuildChannel): bigint {
  let perChannel = everyoneViewCache.get(index);
  if (!perChannel) {
    perChannel = new WeakMap();
    everyoneViewCache.set(index, perChannel);
  }
  const cached = perChannel.get(channel);
  if (cached !== undefined) return cached;
  const raw = computeChannelPermissions(index.everyone.permissions, overwritesOf(channel), index.guildId, {
    userId: null,
    roleIds: [],
  });
  const effective = applyImplicitChannelRules(raw, channel.type);
  perChannel.set(channel, effective);
  return effective;
}
