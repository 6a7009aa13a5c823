import { describe, expect, it } from 'vitest';
import {
  ADA,
  AUDIT_FIXTURES,
  CHECK_IDS,
  DEMO_ACCOUNTS,
  EDDIE,
  GUILD_FIXTURES,
  LARGE_GUILD_ID,
  MONA,
  OLIVIA,
  RAMPART_BOT,
} from './fixtures/index.js';
import { has, P } from './permissions.js';
import { createSimulatorState } from './state.js';

const state = createSimulatorState();
const guilds = state.allGuilds();

describe('fixture guild invariants (discord-reference §8)', () => {
  it.each(guilds.map((guild) => [guild.name, guild] as const))('%s has Discord-shaped data', (_name, guild) => {
    const everyone = guild.roles.find((role) => role.id === guild.id);
    expect(everyone?.position).toBe(0);
    const positions = guild.roles.map((role) => role.position);
    expect(new Set(positions).size).toBe(positions.length);
    for (const role of guild.roles) expect(role.permissions).toMatch(/^\d+$/);
    for (const channel of guild.channels) {
      for (const overwrite of channel.permission_overwrites ?? []) {
        expect(overwrite.allow).toMatch(/^\d+$/);
        expect(overwrite.deny).toMatch(/^\d+$/);
      }
    }
    expect(guild.isMember(guild.ownerId)).toBe(true);
    const ids = guild.members.map((entry) => BigInt(entry.user.id));
    expect(ids.every((id, index) => index === 0 || id > (ids[index - 1] ?? 0n))).toBe(true);
    // Collected rather than asserted one by one: the large guild has 50,000 members.
    const holdingEveryone = guild.members
      .filter((entry) => entry.roles.includes(guild.id))
      .map((entry) => entry.user.id);
    const unknownRoles = guild.members.flatMap((entry) =>
      entry.roles.filter((roleId) => !guild.rolesById.has(roleId)).map((roleId) => `${entry.user.id}: ${roleId}`),
    );
    expect(holdingEveryone).toEqual([]);
    expect(unknownRoles).toEqual([]);
    for (const entry of guild.members) {
      if (entry.user.bot === true) {
        const managed = guild.roles.filter((role) => role.tags?.bot_id === entry.user.id);
        expect(managed).toHaveLength(1);
        expect(managed[0]?.managed).toBe(true);
        expect(entry.roles).toContain(managed[0]?.id);
      }
    }
    expect(guild.fixture.integrations.length).toBeLessThanOrEqual(50);
    const entryIds = guild.fixture.auditLogEntries.map((entry) => BigInt(entry.id));
    expect(entryIds.every((id, index) => index === 0 || id < (entryIds[index - 1] ?? 0n))).toBe(true);
    for (const webhook of guild.fixture.webhooks) {
      if (webhook.type === 1) expect(webhook.token).toBeTruthy();
    }
  });

  it('generates the large guild at the promised size', () => {
    const large = state.guild(LARGE_GUILD_ID);
    expect(large?.roles.length).toBeGreaterThanOrEqual(250);
    expect(large?.channels.length).toBeGreaterThanOrEqual(500);
    expect(
      large?.channels.filter((channel) => (channel.permission_overwrites ?? []).length > 0).length,
    ).toBeGreaterThanOrEqual(450);
    expect(large?.members.length).toBeGreaterThanOrEqual(50_000);
    const again = createSimulatorState().guild(LARGE_GUILD_ID);
    expect(again?.members.map((entry) => entry.roles.join()).slice(0, 500)).toEqual(
      large?.members.map((entry) => entry.roles.join()).slice(0, 500),
    );
  });
});

describe('demo accounts', () => {
  const owned = (userId: string) => guilds.filter((guild) => guild.ownerId === userId).map((guild) => guild.name);
  const manages = (userId: string) =>
    guilds
      .filter((guild) => guild.ownerId !== userId && has(guild.basePermissions(userId), P.ManageGuild))
      .map((guild) => guild.name);

  it('match the product contract', () => {
    expect(
      DEMO_ACCOUNTS.map((account) => [
        account.user.id,
        account.user.username,
        account.user.global_name,
        account.user.discriminator,
        account.mfaEnabled,
      ]),
    ).toEqual([
      ['1100000000000000001', 'olivia', 'Olivia Owner', '1001', false],
      ['1100000000000000002', 'eddie', 'Eddie Entitled', '1002', true],
      ['1100000000000000003', 'ada', 'Ada Admin', '1003', true],
      ['1100000000000000004', 'mona', 'Mona Moderator', '1004', false],
    ]);
    expect(RAMPART_BOT).toMatchObject({ id: '1300000000000000001', username: 'Rampart Audit', bot: true });
  });

  it('own and manage the promised guilds', () => {
    expect(owned(OLIVIA.user.id)).toEqual(['Pixel Plaza', 'Wild West Lounge', 'Mega Metropolis']);
    expect(owned(EDDIE.user.id)).toEqual(['Citadel Security Lab', 'Study Hall']);
    expect(owned(ADA.user.id)).toEqual([]);
    expect(manages(ADA.user.id)).toEqual(['Study Hall']);
    expect(manages(MONA.user.id)).toEqual(['Pixel Plaza']);
  });

  it('have the bot where promised', () => {
    const present = guilds.filter((guild) => guild.isMember(RAMPART_BOT.id)).map((guild) => guild.name);
    expect(present).toEqual(['Pixel Plaza', 'Wild West Lounge', 'Mega Metropolis', 'Study Hall']);
    for (const fixture of AUDIT_FIXTURES) expect(state.isBotInGuild(fixture.guildId)).toBe(fixture.botPresent);
  });
});

describe('expected check outcomes', () => {
  it.each(AUDIT_FIXTURES.map((fixture) => [fixture.key, fixture] as const))(
    '%s lists all 20 checks',
    (_key, fixture) => {
      expect(Object.keys(fixture.expectedChecks).sort()).toEqual([...CHECK_IDS].sort());
      expect(fixture.expectedChecks.BACKUP_STRATEGY_VERIFICATION).toBe('FAIL');
      expect(fixture.expectedChecks.BOT_TOKEN_HYGIENE).toBe('FAIL');
      const owner = DEMO_ACCOUNTS.find((account) => account.user.id === fixture.ownerId);
      expect(fixture.expectedChecks.CSU_OWNER_VERIFICATION).toBe(owner?.mfaEnabled === true ? 'PASS' : 'FAIL');
    },
  );

  it('keeps the hardened guild free of failures other than the manual checks', () => {
    const hardened = AUDIT_FIXTURES.find((fixture) => fixture.key === 'hardened');
    const failing = Object.entries(hardened?.expectedChecks ?? {})
      .filter(([, outcome]) => outcome !== 'PASS')
      .map(([id]) => id);
    expect(failing.sort()).toEqual(['BACKUP_STRATEGY_VERIFICATION', 'BOT_TOKEN_HYGIENE']);
    expect(GUILD_FIXTURES.map((definition) => definition.id)).toContain(hardened?.guildId);
  });
});
