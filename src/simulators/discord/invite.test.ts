import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIAuditLog, APIGuild, APIGuildIntegration, APIGuildMember } from 'discord-api-types/v10';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HARDENED_GUILD_ID, TYPICAL_GUILD_ID } from './fixtures/index.js';
import type { RunningDiscordSimulator } from './standalone.js';
import { createSimulatorState } from './state.js';
import { authorizeUrl, parseConsentForm, startTestSimulator, submitConsentPage, TEST_APP } from './test-support.js';

const OLIVIA = '1100000000000000001';
const EDDIE = '1100000000000000002';
const MONA = '1100000000000000004';
const BOT = { authorization: `Bot ${TEST_APP.botToken}` };

let sim: RunningDiscordSimulator;
let directory: string;
beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'discord-sim-'));
  sim = await startTestSimulator({ statePath: join(directory, 'state.json') });
});
afterEach(async () => {
  await sim.close();
  rmSync(directory, { recursive: true, force: true });
});

function inviteUrl(guildId: string, permissions = '536872096'): string {
  return authorizeUrl(sim.url, {
    client_id: TEST_APP.clientId,
    scope: 'bot applications.commands',
    permissions,
    guild_id: guildId,
    disable_guild_select: 'true',
    integration_type: '0',
  });
}

const guildStatus = async (guildId: string) =>
  (await fetch(`${sim.url}/api/v10/guilds/${guildId}`, { headers: BOT })).status;

describe('bot invite flow', () => {
  it('shows the consent page for the guild and who may add the bot', async () => {
    const response = await fetch(inviteUrl(HARDENED_GUILD_ID));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Add Rampart Audit Bot to Citadel Security Lab');
    expect(html).toContain('Manage Guild');
    const form = parseConsentForm(html);
    // Eddie owns the guild, so he is preselected.
    expect(form.radios.find((radio) => radio.checked)?.label).toBe('Eddie Entitled');
  });

  it('adds the bot with a managed role carrying exactly the requested permissions', async () => {
    const before = await fetch(`${sim.url}/api/v10/guilds/${HARDENED_GUILD_ID}`, { headers: BOT });
    expect([before.status, await before.json()]).toEqual([403, { message: 'Missing Access', code: 50001 }]);

    const response = await submitConsentPage(inviteUrl(HARDENED_GUILD_ID), 'Authorize', EDDIE);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Bot added to Citadel Security Lab. You can close this tab.');

    const guild = (await (
      await fetch(`${sim.url}/api/v10/guilds/${HARDENED_GUILD_ID}`, { headers: BOT })
    ).json()) as APIGuild;
    const botRole = guild.roles.find((role) => role.tags?.bot_id === TEST_APP.clientId);
    expect(botRole).toMatchObject({ name: 'Rampart Audit', managed: true, permissions: '536872096', position: 1 });
    const positions = guild.roles.map((role) => role.position);
    expect(new Set(positions).size).toBe(positions.length);

    const member = (await (
      await fetch(`${sim.url}/api/v10/guilds/${HARDENED_GUILD_ID}/members/${TEST_APP.clientId}`, { headers: BOT })
    ).json()) as APIGuildMember;
    expect(member.user.bot).toBe(true);
    expect(member.roles).toEqual([botRole?.id]);
    const integrations = (await (
      await fetch(`${sim.url}/api/v10/guilds/${HARDENED_GUILD_ID}/integrations`, { headers: BOT })
    ).json()) as APIGuildIntegration[];
    expect(integrations.map((integration) => integration.application?.id)).toContain(TEST_APP.clientId);
    const log = (await (
      await fetch(`${sim.url}/api/v10/guilds/${HARDENED_GUILD_ID}/audit-logs?action_type=28`, { headers: BOT })
    ).json()) as APIAuditLog;
    expect(log.audit_log_entries[0]).toMatchObject({ user_id: EDDIE, target_id: TEST_APP.clientId });
  });

  it('refuses accounts without Manage Server with a clear error and adds nothing', async () => {
    const mona = await submitConsentPage(inviteUrl(HARDENED_GUILD_ID), 'Authorize', MONA);
    expect(mona.status).toBe(403);
    expect(await mona.text()).toContain(
      'Mona Moderator does not have the Manage Server permission in Citadel Security Lab',
    );
    const olivia = await submitConsentPage(inviteUrl(HARDENED_GUILD_ID), 'Authorize', OLIVIA);
    expect(olivia.status).toBe(403);
    expect(await olivia.text()).toContain('Olivia Owner is not a member of Citadel Security Lab');
    expect(await guildStatus(HARDENED_GUILD_ID)).toBe(403);
  });

  it('Cancel adds nothing', async () => {
    const response = await submitConsentPage(inviteUrl(HARDENED_GUILD_ID), 'Cancel', EDDIE);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Cancelled');
    expect(await guildStatus(HARDENED_GUILD_ID)).toBe(403);
  });

  it('shows an error page for an unknown guild_id or bad permissions', async () => {
    const unknown = await fetch(inviteUrl('1200000000000000099'));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Unknown server');
    expect((await fetch(inviteUrl(HARDENED_GUILD_ID, 'all'))).status).toBe(400);
  });

  it('re-inviting only changes the managed role permissions', async () => {
    const response = await submitConsentPage(inviteUrl(TYPICAL_GUILD_ID, '1152'), 'Authorize', OLIVIA);
    expect(response.status).toBe(200);
    const guild = (await (
      await fetch(`${sim.url}/api/v10/guilds/${TYPICAL_GUILD_ID}`, { headers: BOT })
    ).json()) as APIGuild;
    expect(
      guild.roles.filter((role) => role.tags?.bot_id === TEST_APP.clientId).map((role) => role.permissions),
    ).toEqual(['1152']);
    const webhooks = await fetch(`${sim.url}/api/v10/guilds/${TYPICAL_GUILD_ID}/webhooks`, { headers: BOT });
    expect(await webhooks.json()).toEqual({ message: 'Missing Permissions', code: 50013 });
  });
});

describe('bot membership persistence', () => {
  it('keeps invites and removals across a restart when statePath is given', async () => {
    await submitConsentPage(inviteUrl(HARDENED_GUILD_ID), 'Authorize', EDDIE);
    const removal = await fetch(`${sim.url}/api/v10/users/@me/guilds/${TYPICAL_GUILD_ID}`, {
      method: 'DELETE',
      headers: BOT,
    });
    expect(removal.status).toBe(204);
    expect(await guildStatus(TYPICAL_GUILD_ID)).toBe(403);
    const saved = JSON.parse(readFileSync(join(directory, 'state.json'), 'utf8')) as {
      botMemberships: Record<string, unknown>;
    };
    expect(saved.botMemberships[TYPICAL_GUILD_ID]).toBeNull();

    const roleBefore = sim.state
      .guild(HARDENED_GUILD_ID)
      ?.roles.find((role) => role.tags?.bot_id === TEST_APP.clientId);
    const restarted = createSimulatorState({ statePath: join(directory, 'state.json') });
    expect(restarted.isBotInGuild(HARDENED_GUILD_ID)).toBe(true);
    expect(restarted.isBotInGuild(TYPICAL_GUILD_ID)).toBe(false);
    const roleAfter = restarted.guild(HARDENED_GUILD_ID)?.roles.find((role) => role.tags?.bot_id === TEST_APP.clientId);
    expect(roleAfter).toEqual(roleBefore);
  });

  it('starts from the fixtures when the state file is missing or corrupt', () => {
    const path = join(directory, 'broken.json');
    const warnings: string[] = [];
    expect(createSimulatorState({ statePath: path }).isBotInGuild(HARDENED_GUILD_ID)).toBe(false);
    writeFileSync(path, '{"version": 1, "botMemberships": {"1": {"permissions": "x"}}}');
    const fresh = createSimulatorState({ statePath: path, warn: (message) => warnings.push(message) });
    expect(fresh.isBotInGuild(HARDENED_GUILD_ID)).toBe(false);
    expect(warnings).toHaveLength(1);
  });
});
