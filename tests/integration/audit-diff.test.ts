import { GuildVerificationLevel } from 'discord-api-types/v10';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditReports, audits } from '../../src/server/db/schema.js';
import type { AuditDiff } from '../../src/shared/contracts/audit-insights.js';
import type { Audit, AuditWithChecks } from '../../src/shared/contracts/audits.js';
import { MONA } from '../../src/simulators/discord/fixtures/accounts.js';
import { addRole, removeWebhook, setVerificationLevel } from '../../src/simulators/discord/guild-mutations.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { pdfText } from '../helpers/pdf-content.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let olivia = '';
let eddie = '';
let first: AuditWithChecks;
let second: AuditWithChecks;
let otherServerAudit: AuditWithChecks;
let oliviasAudit: AuditWithChecks;
const PLANTED_ROLE = 'Shadow Admin';
let removedWebhookLabel = '';

async function runAudit(cookie: string, guildId: string): Promise<AuditWithChecks> {
  const started = await startAudit(t, cookie, await serverId(t, cookie, guildId));
  expect(started.statusCode).toBe(201);
  const audit = await waitForAudit(t, cookie, started.json<Audit>().id);
  expect(audit.status).toBe('completed');
  return audit;
}

const diffOf = (auditId: string, cookie?: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/audits/${auditId}/diff${query}`,
    headers: cookie === undefined ? {} : { cookie },
  });

beforeAll(async () => {
  t = await createTestApp();
  olivia = await t.signIn(DEMO.olivia);
  eddie = await t.signIn(DEMO.eddie);
  await grantEntitlement(t, DEMO.olivia);
  await grantEntitlement(t, DEMO.eddie);
  t.simulator.state.addBotToGuild(GUILDS.hardened, 536872096n, DEMO.eddie);
  first = await runAudit(eddie, GUILDS.hardened);

  const guild = t.simulator.state.guild(GUILDS.hardened);
  if (guild === undefined) throw new Error('hardened guild missing');
  const webhook = guild.fixture.webhooks.find((candidate) => candidate.name === 'Status Page');
  if (webhook === undefined) throw new Error('Status Page webhook missing');
  addRole(guild, { name: PLANTED_ROLE, permissions: '8', memberIds: [MONA.user.id] });
  expect(removeWebhook(guild, webhook.id)).toBe(true);
  setVerificationLevel(guild, GuildVerificationLevel.Low);
  removedWebhookLabel = 'Status Page';

  second = await runAudit(eddie, GUILDS.hardened);
  otherServerAudit = await runAudit(eddie, GUILDS.studyHall);
  oliviasAudit = await runAudit(olivia, GUILDS.typical);
}, 60_000);
afterAll(async () => t?.close());

const ids = (changes: { checkId: string }[]) => changes.map((change) => change.checkId);

/** An audit row of the server that is still running, removed again once `use` is done. */
async function withRunningAudit(guildId: string, use: (auditId: string) => Promise<void>): Promise<void> {
  const [row] = await t.database.db
    .insert(audits)
    .values({ serverId: await serverId(t, eddie, guildId), status: 'running' })
    .returning();
  if (row === undefined) throw new Error('no audit inserted');
  try {
    await use(row.id);
  } finally {
    await t.database.db.delete(audits).where(eq(audits.id, row.id));
  }
}

describe('GET /api/audits/{id}/diff', () => {
  it('shows exactly the planted changes against the previous audit: a new admin role, a removed webhook, a lower verification level', async () => {
    const response = await diffOf(second.id, eddie);
    expect(response.statusCode).toBe(200);
    const diff = response.json<AuditDiff>();
    expect(diff.audit).toMatchObject({ id: second.id, riskScore: second.riskScore, trigger: 'manual' });
    expect(diff.against).toMatchObject({ id: first.id, riskScore: first.riskScore, completedAt: first.completedAt });
    expect(diff.scoreChange).toBe((second.riskScore ?? 0) - (first.riskScore ?? 0));
    expect(diff.scoreChange).toBeLessThan(0);

    // Only the verification level changed its verdict; Citadel's other checks hold with a new top admin role.
    expect(ids(diff.checks.newFailures)).toEqual(['VERIFICATION_LEVEL']);
    expect(diff.checks.newFailures[0]).toMatchObject({ before: 'PASS', after: 'FAIL', severity: 'MEDIUM' });
    expect(diff.checks.fixed).toEqual([]);
    expect(diff.checks.regressed).toEqual([]);
    expect(diff.checks.unchanged).toHaveLength(19);
    for (const change of diff.checks.unchanged) expect(change.before).toBe(change.after);

    // The role is named wherever a check lists roles holding what Administrator grants; its holder among
    // the members with elevated permissions; the webhook disappears from the webhook check's list.
    const role = { kind: 'role', label: PLANTED_ROLE };
    expect(diff.findings.appeared).toEqual([
      { ...role, checkId: 'AUDIT_LOG_ACCESS' },
      { ...role, checkId: 'WEBHOOK_SECURITY' },
      { ...role, checkId: 'PRIVILEGED_PERMISSIONS' },
      { kind: 'member', label: MONA.user.global_name, checkId: 'PRIVILEGED_PERMISSIONS' },
    ]);
    expect(diff.findings.disappeared).toEqual([
      { kind: 'webhook', label: `${removedWebhookLabel} in #announcements`, checkId: 'WEBHOOK_SECURITY' },
    ]);
  });

  it('compares with the audit named in `against` when it is of the same server', async () => {
    const response = await diffOf(second.id, eddie, `?against=${first.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual((await diffOf(second.id, eddie)).json());
    const reversed = (await diffOf(first.id, eddie, `?against=${second.id}`)).json<AuditDiff>();
    expect(ids(reversed.checks.fixed)).toEqual(['VERIFICATION_LEVEL']);
    expect(reversed.findings.appeared).toEqual([
      { kind: 'webhook', label: `${removedWebhookLabel} in #announcements`, checkId: 'WEBHOOK_SECURITY' },
    ]);
  });

  it('answers a first audit with nothing to compare against', async () => {
    const response = await diffOf(first.id, eddie);
    expect(response.statusCode).toBe(200);
    const diff = response.json<AuditDiff>();
    expect(diff.against).toBeNull();
    expect(diff.scoreChange).toBeNull();
    expect(Object.values(diff.checks).flat()).toEqual([]);
    expect(Object.values(diff.findings).flat()).toEqual([]);
  });

  it('lets staff compare any server’s audits', async () => {
    const staff = await t.signIn(DEMO.ada);
    const response = await diffOf(second.id, staff);
    expect(response.statusCode).toBe(200);
    expect(response.json<AuditDiff>().against?.id).toBe(first.id);
  });

  it('answers 404, naming nothing, for an audit of another server or someone else’s audit', async () => {
    const ofAnotherServer = await diffOf(second.id, eddie, `?against=${otherServerAudit.id}`);
    expect(ofAnotherServer.statusCode).toBe(404);
    expect(ofAnotherServer.body).not.toContain(otherServerAudit.id);
    const notHers = await diffOf(second.id, olivia, `?against=${oliviasAudit.id}`);
    expect(notHers.statusCode).toBe(404);
    expect(notHers.body).not.toContain(second.id);
    const againstHers = await diffOf(second.id, eddie, `?against=${oliviasAudit.id}`);
    expect(againstHers.statusCode).toBe(404);
    const unknown = await diffOf(second.id, eddie, `?against=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a malformed `against` (400) and a visitor (401)', async () => {
    const malformed = await diffOf(second.id, eddie, '?against=previous');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    expect((await diffOf(second.id)).statusCode).toBe(401);
  });

  it('answers 409 while either audit has not completed', async () => {
    await withRunningAudit(GUILDS.hardened, async (runningId) => {
      expect((await diffOf(runningId, eddie)).statusCode).toBe(409);
      const against = await diffOf(second.id, eddie, `?against=${runningId}`);
      expect(against.statusCode).toBe(409);
      expect(against.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    });
  });
});

describe("the PDF report's 'What changed since the last audit'", () => {
  const report = async (auditId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${auditId}/download-report`,
      headers: { cookie: eddie },
    });
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload);
  };
  const cachedVersion = async (auditId: string) =>
    (await t.database.db.select().from(auditReports).where(eq(auditReports.auditId, auditId)))[0]?.version;

  it('says a first audit is the first', async () => {
    expect(await report(first.id)).toContain('First audit of this server');
  });

  it('shows the planted changes, and is drawn again when the previous audit changes', async () => {
    const text = await report(second.id);
    const change = (second.riskScore ?? 0) - (first.riskScore ?? 0);
    expect(text).toContain(`Score ${second.riskScore}, was ${first.riskScore} (${change})`);
    expect(text).toContain('New failures (1)');
    expect(text).toContain('Verification Level (medium): was PASS, now FAIL');
    expect(text).not.toContain('First audit of this server');
    const before = await cachedVersion(second.id);

    // Staff waive a check of the previous audit: its score changes, so the newer report must too.
    const failed = first.checkResults.find((check) => check.status === 'FAIL');
    const staff = await t.signIn(DEMO.ada);
    const waived = await t.app.inject({
      method: 'PUT',
      url: `/api/checks/${failed?.id ?? ''}`,
      headers: sameOrigin(staff),
      payload: { status: 'WAIVED', waiveReason: 'Accepted for the comparison test.' },
    });
    expect(waived.statusCode).toBe(200);
    const rescored = waived.json<{ audit: Audit }>().audit;
    expect(rescored.riskScore).not.toBe(first.riskScore);
    const again = await report(second.id);
    expect(again).toContain(`was ${rescored.riskScore}`);
    expect(await cachedVersion(second.id)).not.toBe(before);
  });
});
