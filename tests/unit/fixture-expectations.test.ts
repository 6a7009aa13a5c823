import { ChannelType } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSnapshot, createBotRest } from '../../src/audit/collector.js';
import { runAudit } from '../../src/audit/engine.js';
import { SIMULATED_DISCORD_APP } from '../../src/server/config.js';
import type { AuditReport } from '../../src/shared/audit-contract.js';
import type { AuditSnapshot } from '../../src/shared/audit-snapshot.js';
import {
  AUDIT_FIXTURES,
  BUSY_GUILD,
  DEMO_ACCOUNTS,
  LEAST_PRIVILEGE_AUDIT_BOT,
  startDiscordSimulator,
  type AuditFixture,
  type RunningDiscordSimulator,
} from '../../src/simulators/discord/index.js';

/**
 * The engine against the simulator's audit fixtures, end to end through the real collector:
 * every check must land on the outcome written (with its reasoning) next to the fixture.
 */

const { clientId, clientSecret, botToken } = SIMULATED_DISCORD_APP;

interface Audited {
  snapshot: AuditSnapshot;
  report: AuditReport;
}

let sim: RunningDiscordSimulator;
const audits = new Map<AuditFixture['key'], Audited>();

function ownerMfa(fixture: AuditFixture): boolean | undefined {
  return DEMO_ACCOUNTS.find((account) => account.user.id === fixture.ownerId)?.mfaEnabled;
}

async function audit(fixture: AuditFixture): Promise<Audited> {
  // Hardened starts without our bot, as a freshly signed-up owner would; invite it like the consent page does.
  if (!sim.state.isBotInGuild(fixture.guildId))
    sim.state.addBotToGuild(fixture.guildId, LEAST_PRIVILEGE_AUDIT_BOT, fixture.ownerId);
  const { snapshot } = await collectSnapshot({
    rest: createBotRest(botToken, `${sim.url}/api`),
    botToken,
    guildId: fixture.guildId,
  });
  const mfa = ownerMfa(fixture);
  return { snapshot, report: runAudit(snapshot, mfa === undefined ? {} : { ownerMfaEnabled: mfa }) };
}

function busy(): AuditFixture {
  const fixture = AUDIT_FIXTURES.find((candidate) => candidate.key === 'busy');
  if (!fixture) throw new Error('The busy fixture is missing');
  return fixture;
}

function audited(key: AuditFixture['key']): Audited {
  const result = audits.get(key);
  if (!result) throw new Error(`The ${key} fixture was not audited`);
  return result;
}

/** Every webhook secret the fixture serves, so the test can prove none survives collection. */
function webhookTokens(fixture: AuditFixture): string[] {
  const guild = sim.state.guild(fixture.guildId);
  return (guild?.fixture.webhooks ?? []).flatMap((webhook) => (webhook.token ? [webhook.token] : []));
}

beforeAll(async () => {
  sim = await startDiscordSimulator({ port: 0, clientId, clientSecret, botToken, redirectUris: [] });
  for (const fixture of AUDIT_FIXTURES) audits.set(fixture.key, await audit(fixture));
}, 30_000);

afterAll(async () => {
  await sim.close();
});

describe('audit fixtures give their expected check outcomes', () => {
  it('audits all five fixtures, the demo-owned ones with the owner known', () => {
    expect(AUDIT_FIXTURES.map((fixture) => fixture.key)).toEqual(['hardened', 'typical', 'dangerous', 'large', 'busy']);
    for (const fixture of AUDIT_FIXTURES.filter((candidate) => candidate.key !== 'busy'))
      expect(ownerMfa(fixture), fixture.key).toBeTypeOf('boolean');
    expect(ownerMfa(busy())).toBeUndefined();
  });

  it.each(AUDIT_FIXTURES.map((fixture) => [fixture.key, fixture] as const))(
    '%s: every check matches',
    (_key, fixture) => {
      const { report } = audited(fixture.key);
      const actual = Object.fromEntries(report.checks.map((check) => [check.checkId, check.status]));
      expect(report.checks).toHaveLength(20);
      expect(actual).toEqual(fixture.expectedChecks);
    },
  );

  it('hardened scores at least 90 with no failed critical check', () => {
    const { report } = audited('hardened');
    expect(report.riskScore).toBeGreaterThanOrEqual(90);
    expect(report.checks.filter((check) => check.status === 'FAIL' && check.severity === 'CRITICAL')).toEqual([]);
    expect(report.criticalIssues).toBe(0);
  });

  it('dangerous fails most checks and scores lowest', () => {
    const { report } = audited('dangerous');
    expect(report.failedChecks).toBeGreaterThan(report.totalChecks / 2);
    const scores = AUDIT_FIXTURES.map((fixture) => audited(fixture.key).report.riskScore);
    expect(report.riskScore).toBe(Math.min(...scores));
  });

  it('collects the large guild completely, across member pages', () => {
    const large = AUDIT_FIXTURES.find((fixture) => fixture.key === 'large');
    const served = large ? sim.state.guild(large.guildId)?.members.length : undefined;
    expect(served).toBeGreaterThan(1000);
    expect(audited('large').snapshot.members).toHaveLength(served ?? -1);
  });

  it('never lets a fixture webhook token into a snapshot or report', () => {
    for (const fixture of AUDIT_FIXTURES) {
      const tokens = webhookTokens(fixture);
      const { snapshot, report } = audited(fixture.key);
      const text = `${JSON.stringify(report)}\n${JSON.stringify(snapshot)}`;
      for (const token of tokens) expect(text.includes(token), `${fixture.key} leaks ${token}`).toBe(false);
      expect(text).not.toContain('do-not-log');
    }
    // Guard against a vacuous pass: the fixtures do serve webhook tokens.
    expect(AUDIT_FIXTURES.flatMap((fixture) => webhookTokens(fixture)).length).toBeGreaterThan(0);
  });

  it('busy: reads a log longer than 500 entries without judging the bot it cut off as inactive', () => {
    const { snapshot, report } = audited('busy');
    const served = sim.state.guild(busy().guildId)?.fixture.auditLogEntries.length ?? 0;
    expect(served).toBeGreaterThan(500);
    expect(snapshot.auditLog?.audit_log_entries).toHaveLength(500);
    expect(snapshot.auditLog?.audit_log_entries.some((entry) => entry.user_id === BUSY_GUILD.archivistBotId)).toBe(
      false,
    );
    expect(snapshot.auditLogTruncated).toBe(true);
    expect(snapshot.botActivity?.[BUSY_GUILD.archivistBotId]).toMatchObject({
      status: 'read',
      latestEntryId: expect.any(String),
    });
    const inactiveBots = report.checks.find((check) => check.checkId === 'INACTIVE_BOTS');
    expect(inactiveBots?.status).toBe('PASS');
    expect(inactiveBots?.evidence.problematicBots).toEqual([]);
    expect(inactiveBots?.evidence.warnings).toBeUndefined();
  });

  it('busy: keeps the media channel, the null-named integrations and the non-numeric integration id', () => {
    const { snapshot, report } = audited('busy');
    expect(snapshot.skippedItems).toBeUndefined();
    expect(snapshot.channels?.some((channel) => channel.type === ChannelType.GuildMedia)).toBe(true);
    expect(
      snapshot.integrations?.find((integration) => integration.id === BUSY_GUILD.streamIntegrationId),
    ).toMatchObject({ name: null, type: 'twitch' });
    expect(snapshot.integrations?.filter((integration) => integration.name === null)).toHaveLength(2);
    const webhooks = report.checks.find((check) => check.checkId === 'WEBHOOK_SECURITY');
    expect(webhooks?.evidence.summary).toContain('"Price bot" in public #general');
  });
});
