import { GuildVerificationLevel } from 'discord-api-types/v10';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { addRole, removeWebhook, setVerificationLevel } from './guild-mutations.js';
import type { SimulatedGuild } from './simulated-guild.js';
import type { SimulatorState } from './state.js';

/** The changes an owner can be made to have made in Discord's client, for drift between two audits. */
export const PLANTED_CHANGES = ['add-admin-role', 'remove-webhook', 'lower-verification-level'] as const;
export type PlantedChange = (typeof PLANTED_CHANGES)[number];

/** What a planted change did, for the caller to name in its test. */
export interface PlantedChangeResult {
  kind: PlantedChange;
  guildId: string;
  changed: string;
}

/**
 * Not Discord's API: the demo's control over its simulated guilds, so a browser test can plant drift in a
 * running demo server (`POST <prefix>/_control/guilds/:guildId/changes` `{ "kind": … }`), or slow its answers
 * (`PUT <prefix>/_control/latency` `{ "ms": … }`). Registered
 * beside the simulator plugin, never inside it, so the conformance test (Discord routes only) never sees it.
 */
export const discordSimulatorControl: FastifyPluginAsync<{ state: SimulatorState }> = async (instance, options) => {
  instance.post(
    '/_control/guilds/:guildId/changes',
    async (request: FastifyRequest<{ Params: { guildId: string }; Body: unknown }>, reply) => {
      const guild = options.state.guild(request.params.guildId);
      if (guild === undefined) return reply.code(404).send({ message: 'Unknown Guild', code: 10004 });
      const kind = plantedKind(request.body);
      if (kind === undefined) {
        return reply.code(400).send({ message: `kind must be one of ${PLANTED_CHANGES.join(', ')}`, code: 50035 });
      }
      const changed = plant(guild, kind);
      if (changed === undefined) return reply.code(409).send({ message: `Nothing to change for ${kind}`, code: 0 });
      const result: PlantedChangeResult = { kind, guildId: guild.id, changed };
      return result;
    },
  );
  // A slower Discord, so a browser test can watch a run in progress that would otherwise finish in milliseconds.
  instance.put('/_control/latency', async (request: FastifyRequest<{ Body: unknown }>, reply) => {
    const ms = latencyMs(request.body);
    if (ms === undefined) {
      return reply.code(400).send({ message: `ms must be a whole number from 0 to ${MAX_LATENCY_MS}`, code: 50035 });
    }
    options.state.latencyMs = ms;
    return { latencyMs: ms };
  });
};

const MAX_LATENCY_MS = 2000;

function latencyMs(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('ms' in body)) return undefined;
  const { ms } = body;
  return typeof ms === 'number' && Number.isInteger(ms) && ms >= 0 && ms <= MAX_LATENCY_MS ? ms : undefined;
}

function plantedKind(body: unknown): PlantedChange | undefined {
  if (typeof body !== 'object' || body === null || !('kind' in body)) return undefined;
  return PLANTED_CHANGES.find((kind) => kind === body.kind);
}

/** Applies the change; undefined when the guild has nothing it could apply to. */
export function plant(guild: SimulatedGuild, kind: PlantedChange, at: number = Date.now()): string | undefined {
  if (kind === 'add-admin-role') {
    // Three holders besides the owner: more Administrators than any audit accepts.
    const holders = guild.members
      .filter((member) => member.user.bot !== true && member.user.id !== guild.ownerId)
      .slice(0, 3)
      .map((member) => member.user.id);
    const role = addRole(guild, { name: 'Drift Admin', permissions: '8', memberIds: holders }, at);
    return `role ${role.name} (${role.id}) with Administrator, given to ${holders.length} members`;
  }
  if (kind === 'remove-webhook') {
    const webhook = guild.fixture.webhooks.at(-1);
    if (webhook === undefined || !removeWebhook(guild, webhook.id)) return undefined;
    return `webhook ${webhook.name ?? webhook.id} (${webhook.id}) removed`;
  }
  if (guild.fixture.guild.verification_level === GuildVerificationLevel.None) return undefined;
  setVerificationLevel(guild, GuildVerificationLevel.None);
  return 'verification level lowered to None';
}
