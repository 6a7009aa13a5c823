import type { GatewayGuildCreateDispatchData } from 'discord-api-types/v10';
import { RAMPART_BOT } from './fixtures/index.js';
import type { SimulatedGuild } from './simulated-guild.js';
import { guildResponse } from './wire-shapes.js';

/** Above this many members Discord sends a guild as "large": GUILD_CREATE then lists only the bot itself. */
const LARGE_THRESHOLD = 50;

/**
 * GUILD_CREATE as a freshly identified bot receives it: the guild with its roles and channels, `large`,
 * `member_count`, and in place of the member list (asked for with op 8) just the bot's own member.
 */
export function guildCreatePayload(guild: SimulatedGuild): GatewayGuildCreateDispatchData {
  const self = guild.member(RAMPART_BOT.id);
  const joinedAt = self?.joined_at ?? new Date(0).toISOString();
  const payload = {
    ...guildResponse({ ...guild.fixture.guild, roles: [...guild.roles] }),
    joined_at: joinedAt,
    large: guild.members.length > LARGE_THRESHOLD,
    unavailable: false,
    member_count: guild.members.length,
    voice_states: [],
    members: self ? [self] : [],
    channels: [...guild.channels],
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
  return payload as unknown as GatewayGuildCreateDispatchData;
}
