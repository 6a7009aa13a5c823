import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, servers } from '../../src/server/db/schema.js';
import { EXPORT_CSV_COLUMNS, type AuditExport } from '../../src/shared/contracts/audit-export.js';
import type { Audit, AuditWithChecks } from '../../src/shared/contracts/audits.js';
import { addRole } from '../../src/simulators/discord/guild-mutations.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { parseCsv } from '../helpers/csv.js';
import { api } from '../helpers/evidence.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

/** Names whoever runs a server may choose: a formula, quotes, a comma and a line break. */
const HOSTILE_ROLE = '=HYPERLINK("https://evil.example/?x=1","Click, me")\nsecond line';
const HOSTILE_SERVER = '@SUM(1+1)*cmd|" /C calc"!A0, "Pixel"\r\nPlaza';
const WAIVE_REASON = 'Members are screened by a verification bot instead.';

let t: TestApp;
let olivia = '';
let eddie = '';
let ada = '';
let audit: AuditWithChecks;
let waivedCheckId = '';

const exportOf = (auditId: string, cookie: string | undefined, format = 'json') =>
  t.app.inject({
    method: 'GET',
    url: `/api/audits/${auditId}/export?format=${format}`,
    headers: cookie === undefined ? {} : { cookie },
  });

beforeAll(async () => {
  t = await createTestApp();
  [olivia, eddie, ada] = [await t.signIn(DEMO.olivia), await t.signIn(DEMO.eddie), await t.signIn(DEMO.ada)];
  await grantEntitlement(t, DEMO.olivia);
  const guild = t.simulator.state.guild(GUILDS.typical);
  if (guild === undefined) throw new Error('typical guild missing');
  addRole(guild, { name: HOSTILE_ROLE, permissions: '8' });
  const started = await startAudit(t, olivia, await serverId(t, olivia, GUILDS.typical));
  const first = await waitForAudit(t, olivia, started.json<Audit>().id);
  const failed = first.checkResults.find((check) => check.status === 'FAIL' && !check.requiresManualEvidence);
  if (failed === undefined) throw new Error('Pixel Plaza should fail an ordinary check');
  waivedCheckId = failed.checkId;
  const call = api(t);
  const submitted = await call.submit(olivia, {
    auditId: first.id,
    checkId: failed.checkId,
    content: 'A bot screens.',
  });
  const threadId = submitted.json<{ thread: { id: string } }>().thread.id;
  const decided = await call.decide(ada, threadId, { decision: 'APPROVED', waiveReason: WAIVE_REASON });
  if (decided.statusCode !== 200) throw new Error(`decision answered ${decided.statusCode}: ${decided.body}`);
  audit = await waitForAudit(t, olivia, first.id);
  await t.database.db.update(servers).set({ name: HOSTILE_SERVER }).where(eq(servers.discordId, GUILDS.typical));
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/audits/{id}/export?format=json', () => {
  it('validates against the published JSON Schema and carries waivers, verdicts and names as stored', async () => {
    const response = await exportOf(audit.id, olivia);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="rampart-audit-sum-1-1-cmd-c-calc-a0-pixel-plaza-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const schema: object = JSON.parse(readFileSync('docs/export-schema-v1.json', 'utf8'));
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const exported: unknown = response.json();
    expect(validate(exported), JSON.stringify(validate.errors)).toBe(true);

    const body = exported as AuditExport;
    expect(body.schemaVersion).toBe(1);
    expect(body.server).toEqual({ name: HOSTILE_SERVER, discordId: GUILDS.typical, memberCount: expect.any(Number) });
    expect(body.audit).toMatchObject({ id: audit.id, riskScore: audit.riskScore, trigger: 'manual' });
    expect(body.audit.counts.total).toBe(20);
    expect(body.checks).toHaveLength(20);
    const waived = body.checks.find((check) => check.checkId === waivedCheckId);
    // Staff's approval is both a decision of record (the override) and the waiver behind it.
    expect(waived).toMatchObject({ status: 'WAIVED', engineStatus: 'FAIL', override: { kind: 'staff' } });
    expect(waived?.waiver).toMatchObject({ reviewer: waived?.override?.by, reason: WAIVE_REASON });
    expect(waived?.waiver?.reviewer).toEqual(expect.any(String));
    expect(Date.parse(waived?.waiver?.expiresAt ?? '')).toBeGreaterThan(Date.parse(waived?.waiver?.grantedAt ?? ''));
    expect(JSON.stringify(body.checks.map((check) => check.evidence))).toContain(JSON.stringify(HOSTILE_ROLE));
  });
});

describe('GET /api/audits/{id}/export?format=csv', () => {
  it('is a header and one row per check, with formula-like cells neutralised and hostile names intact', async () => {
    const response = await exportOf(audit.id, olivia, 'csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="rampart-audit-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows).toHaveLength(20);
    for (const row of rows) expect(row).toHaveLength(EXPORT_CSV_COLUMNS.length);
    expect(rows.map((row) => row[0])).toEqual(audit.checkResults.map((check) => check.checkId));

    const cells = rows.flat();
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    // The hostile role is some failing check's main finding: its cell keeps every character behind one quote.
    expect(cells).toContain(`'${HOSTILE_ROLE}`);
    const waived = rows.find((row) => row[0] === waivedCheckId);
    expect(waived?.[4]).toBe('WAIVED');
    expect(waived?.[5]).toBe('FAIL');
    expect(Date.parse(waived?.[9] ?? '')).not.toBeNaN();
  });
});

describe('export access', () => {
  it('lets staff export any audit', async () => {
    expect((await exportOf(audit.id, ada, 'csv')).statusCode).toBe(200);
  });

  it('answers another owner 404 and a visitor 401, naming nothing', async () => {
    const other = await exportOf(audit.id, eddie);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(GUILDS.typical);
    expect(other.headers['content-disposition']).toBeUndefined();
    expect((await exportOf(audit.id, undefined)).statusCode).toBe(401);
  });

  it('refuses an unknown or missing format with 400', async () => {
    const pdf = await exportOf(audit.id, olivia, 'pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${audit.id}/export`,
      headers: { cookie: olivia },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('answers 409 for an audit that has not completed', async () => {
    const [running] = await t.database.db
      .insert(audits)
      .values({ serverId: audit.serverId, status: 'running' })
      .returning();
    try {
      const response = await exportOf(running?.id ?? '', olivia);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    } finally {
      await t.database.db.delete(audits).where(eq(audits.id, running?.id ?? ''));
    }
  });
});
