import type { APIRole, GuildVerificationLevel } from 'discord-api-types/v10';
import type { SimulatedGuild } from './simulated-guild.js';
import { role as fixtureRole } from './fixtures/builders.js';
import { snowflakeAt } from './snowflake.js';

/**
 * Changes an owner makes in Discord's client, applied to a running simulator's guild: what drift looks like
 * between two audits. Each returns what it changed so a test can name it.
 */

export interface NewRole {
  name: string;
  /** The role's permission bits as a decimal string (Administrator is "8"). */
  permissions: string;
  /** Members (user ids) who get the role. */
  memberIds?: readonly string[];
}

export function addRole(guild: SimulatedGuild, input: NewRole, at: number = Date.now()): APIRole {
  const topPosition = Math.max(0, ...guild.roles.map((role) => role.position));
  const role = fixtureRole(snowflakeAt(at), input.name, BigInt(input.permissions), topPosition + 1);
  const holders = new Set(input.memberIds ?? []);
  guild.replaceFixture((fixture) => ({
    ...fixture,
    roles: [...fixture.roles, role],
    members: fixture.members.map((member) =>
      holders.has(member.user.id) ? { ...member, roles: [...member.roles, role.id] } : member,
    ),
  }));
  return role;
}

/** Removes a webhook; false when the guild has no webhook of that id. */
export function removeWebhook(guild: SimulatedGuild, webhookId: string): boolean {
  const before = guild.fixture.webhooks.length;
  guild.replaceFixture((fixture) => ({
    ...fixture,
    webhooks: fixture.webhooks.filter((webhook) => webhook.id !== webhookId),
  }));
  return guild.fixture.webhooks.length < before;
}

export function setVerificationLevel(guild: SimulatedGuild, level: GuildVerificationLevel): void {
  guild.replaceFixture((fixture) => ({ ...fixture, guild: { ...fixture.guild, verification_level: level } }));
}
