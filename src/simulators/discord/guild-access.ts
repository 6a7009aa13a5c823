import type { FastifyRequest } from 'fastify';
import type { SimulatorContext } from './context.js';
import { requireBot } from './context.js';
import { invalidFormBody, missingAccess, missingPermissions, unknownGuild } from './discord-errors.js';
import { RAMPART_BOT } from './fixtures/index.js';
import { has } from './permissions.js';
import type { SimulatedGuild } from './simulated-guild.js';
import { isSnowflake } from './snowflake.js';

export type GuildRequest = FastifyRequest<{ Params: { guildId: string } }>;

/**
 * Resolves the guild of a bot request, failing the way Discord does (discord-reference §3.4):
 * 401 for a missing or wrong credential, 404 10004 for an id no guild has, 403 50001 when the bot is not in it.
 */
export function botGuild(request: GuildRequest, context: SimulatorContext): SimulatedGuild {
  requireBot(request, context);
  const { guildId } = request.params;
  if (!isSnowflake(guildId))
    throw invalidFormBody('guild_id', 'NUMBER_TYPE_COERCE', `Value "${guildId}" is not snowflake.`);
  const guild = context.state.guild(guildId);
  if (!guild) throw unknownGuild();
  if (!guild.isMember(RAMPART_BOT.id)) throw missingAccess();
  return guild;
}

/** 403 50013 unless the bot's guild-level permissions include `permission` (ADMINISTRATOR and owner included). */
export function requireBotPermission(guild: SimulatedGuild, permission: bigint): void {
  if (!has(guild.basePermissions(RAMPART_BOT.id), permission)) throw missingPermissions();
}
