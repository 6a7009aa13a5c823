import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_VERSION } from '../../src/shared/certificate-rules.js';
import { countsAsPassed, SEVERITY_WEIGHTS } from '../../src/shared/audit-contract.js';
import type { CsuVerificationRow, StaffAction } from '../../src/shared/contracts/admin-staff.js';
import type { Audit, AuditWithChecks, StoredCheckResult } from '../../src/shared/contracts/audits.js';
import type { NotificationList } from '../../src/shared/contracts/notifications.js';
import { servers } from '../../src/server/db/schema.js';
import { certificates, csuVerifications } from '../../src/server/db/schema-staff.js';
import { DEFAULT_REASONS } from '../../src/server/modules/csu-verification/service.js';
import { GUILDS, serverId, serverIdOf, startAudit, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';
import type { z } from 'zod';

let t: TestApp;
const c = { olivia: '', ada: '' };
let pixelPlaza = '';
let audit: AuditWithChecks;

const CSU = 'CSU_OWNER_VERIFICATION';
const NOTES = 'Owner showed the hardware-key protected CSU account on a call.';

const list = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/csu-verification', headers: cookie === undefined ? {} : { cookie } });
const decide = (id: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/admin/csu-verification/${id}`, headers: sameOrigin(cookie), payload });
const readAudit = async () =>
  (
    await t.app.inject({ method: 'GET', url: `/api/audits/${audit.id}`, headers: { cookie: c.olivia } })
  ).json<AuditWithChecks>();
const csuOf = (checks: readonly StoredCheckResult[]) => {
  const check = checks.find((candidate) => candidate.checkId === CSU);
  if (check === undefined) throw new Error('the audit has no CSU check');
  return check;
};
const activity = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: { cookie: c.ada } })).json<StaffAction[]>();

/** The engine's formula, written out here: round(100 × passed weight / evaluated weight), UNKNOWN left out. */
function expectedScore(checks: readonly StoredCheckResult[], csuStatus: 'PASS' | 'FAIL'): number {
  let passed = 0;
  let evaluated = 0;
  for (const check of checks) {
    const status = check.checkId === CSU ? csuStatus : check.status;
    if (status === 'UNKNOWN') continue;
    evaluated += SEVERITY_WEIGHTS[check.severity];
    if (countsAsPassed(status)) passed += SEVERITY_WEIGHTS[check.severity];
  }
  return Math.round((100 * passed) / evaluated);
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  c.olivia = await t.signIn(DEMO.olivia);
  c.ada = await t.signIn(DEMO.ada);
  pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
  audit = await waitForAudit(t, c.ada, (await startAudit(t, c.ada, pixelPlaza)).json<Audit>().id);
});
afterAll(async () => t?.close());

describe('GET /api/admin/csu-verification', () => {
  it('lists audited or owner-linked servers with the last audit, the current certificate and a pending decision', async () => {
    expect(audit.status).toBe('completed');
    const response = await list(c.ada);
    expect(response.statusCode).toBe(200);
    const rows = response.json<CsuVerificationRow[]>();
    expect(rows.find((row) => row.id === pixelPlaza)).toEqual({
      id: pixelPlaza,
      name: 'Pixel Plaza',
      ownerId: DEMO.olivia,
      auditRiskScore: audit.riskScore,
      lastAuditDate: audit.completedAt,
      certificateStatus: null,
      csulVerified: null,
      adminNotes: null,
      decidedAt: null,
    });
    // Olivia owns the dangerous guild too: listed although never audited.
    const dangerous = await serverIdOf(t, GUILDS.dangerous);
    expect(rows.find((row) => row.id === dangerous)).toMatchObject({ auditRiskScore: null, lastAuditDate: null });
    // Study Hall is only managed by Ada (its owner never signed in) and never audited: nobody to verify.
    const studyHall = await serverIdOf(t, GUILDS.studyHall);
    expect(rows.some((row) => row.id === studyHall)).toBe(false);
    expect(rows.map((row) => row.name)).toEqual([...rows.map((row) => row.name)].sort((a, b) => a.localeCompare(b)));
  });

  it('shows the current certificate’s status as a reader sees it: an issued one past its validity reads expired', async () => {
    const [certificate] = await t.database.db
      .insert(certificates)
      .values({
        certificateId: 'RMP-CSUTESTCSUTESTCSUTESTCSU',
        serverId: pixelPlaza,
        auditId: audit.id,
        status: 'issued',
        riskScore: audit.riskScore ?? 0,
        criticalIssues: audit.criticalIssues ?? 0,
        checklistVersion: CHECKLIST_VERSION,
        validFrom: new Date(Date.now() - 400 * 86_400_000),
        validUntil: new Date(Date.now() - 35 * 86_400_000),
        issuedAt: new Date(Date.now() - 400 * 86_400_000),
      })
      .returning();
    try {
      const rows = (await list(c.ada)).json<CsuVerificationRow[]>();
      expect(rows.find((row) => row.id === pixelPlaza)?.certificateStatus).toBe('expired');
    } finally {
      if (certificate !== undefined)
        await t.database.db.delete(certificates).where(eq(certificates.id, certificate.id));
    }
  });

  it('refuses a visitor with 401 and an owner with 403, showing nothing', async () => {
    expect((await list()).statusCode).toBe(401);
    const owner = await list(c.olivia);
    expect(owner.statusCode).toBe(403);
    expect(owner.body).not.toContain('Pixel Plaza');
  });
});

describe('POST /api/admin/csu-verification/{serverId}', () => {
  it('verifying passes the latest audit’s CSU check as staff’s decision and rescores it', async () => {
    const before = await readAudit();
    expect(csuOf(before.checkResults)).toMatchObject({ status: 'FAIL', engineStatus: 'FAIL', overrideKind: null });
    expect(before.riskScore).toBe(expectedScore(before.checkResults, 'FAIL'));

    const response = await decide(pixelPlaza, c.ada, { verified: true, adminNotes: `  ${NOTES}  ` });
    expect(response.statusCode).toBe(200);
    const row = response.json<CsuVerificationRow>();
    expect(row).toMatchObject({ id: pixelPlaza, csulVerified: true, adminNotes: NOTES });
    expect(Date.parse(row.decidedAt ?? '')).toBeGreaterThan(Date.parse(audit.completedAt ?? ''));

    const after = await readAudit();
    expect(csuOf(after.checkResults)).toMatchObject({
      status: 'PASS',
      engineStatus: 'FAIL',
      overrideKind: 'staff',
      overrideReason: NOTES,
      overriddenBy: 'Ada Admin',
    });
    const verifiedScore = expectedScore(before.checkResults, 'PASS');
    expect(verifiedScore).toBeGreaterThan(before.riskScore ?? 100);
    expect(after).toMatchObject({
      riskScore: verifiedScore,
      passedChecks: (before.passedChecks ?? 0) + 1,
      failedChecks: (before.failedChecks ?? 0) - 1,
      criticalIssues: (before.criticalIssues ?? 0) - 1,
    });
    expect(row.auditRiskScore).toBe(verifiedScore);

    const [trail] = await activity();
    expect(trail).toMatchObject({
      action: 'csu.verify',
      targetType: 'server',
      targetId: pixelPlaza,
      actorName: 'Ada Admin',
      before: { csulVerified: null, checkStatus: 'FAIL', riskScore: before.riskScore, auditId: audit.id },
      after: { csulVerified: true, adminNotes: NOTES, checkStatus: 'PASS', riskScore: verifiedScore },
    });

    const notices = (
      await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: c.olivia } })
    ).json<z.infer<typeof NotificationList>>();
    const notice = notices.find((candidate) => candidate.type === 'CSU_VERIFICATION');
    expect(notice).toMatchObject({ actionUrl: `/audits/${audit.id}`, title: 'CSU Account Verified' });
    expect(notice?.message).toContain('Pixel Plaza');
  });

  it('denying fails the check again with the default reason and puts the score back; the decision is updated, not added', async () => {
    const response = await decide(pixelPlaza, c.ada, { verified: false });
    expect(response.statusCode).toBe(200);
    expect(response.json<CsuVerificationRow>()).toMatchObject({ csulVerified: false, adminNotes: null });
    const after = await readAudit();
    expect(csuOf(after.checkResults)).toMatchObject({
      status: 'FAIL',
      overrideKind: 'staff',
      overrideReason: DEFAULT_REASONS.denied,
    });
    expect(after.riskScore).toBe(audit.riskScore);
    expect(after.riskScore).toBe(expectedScore(after.checkResults, 'FAIL'));
    const stored = await t.database.db.select().from(csuVerifications).where(eq(csuVerifications.serverId, pixelPlaza));
    expect(stored).toHaveLength(1);
    const [trail] = await activity();
    expect(trail).toMatchObject({
      action: 'csu.deny',
      before: { csulVerified: true, adminNotes: NOTES, checkStatus: 'PASS' },
      after: { csulVerified: false, checkStatus: 'FAIL', riskScore: audit.riskScore },
    });
  });

  it('stores the decision of a server without a completed audit, changing no audit, and says so in the trail', async () => {
    const dangerous = await serverIdOf(t, GUILDS.dangerous);
    const response = await decide(dangerous, c.ada, { verified: true, adminNotes: NOTES });
    expect(response.statusCode).toBe(200);
    expect(response.json<CsuVerificationRow>()).toMatchObject({
      id: dangerous,
      csulVerified: true,
      auditRiskScore: null,
      lastAuditDate: null,
    });
    const [trail] = await activity();
    expect(trail?.summary).toContain('no completed audit');
    expect(trail?.after).toEqual({ csulVerified: true, adminNotes: NOTES });
  });

  it('decides on any stored server, even one the list leaves out', async () => {
    const [hidden] = await t.database.db
      .insert(servers)
      .values({ discordId: '1234567890123456789', name: 'Unlinked Guild' })
      .returning({ id: servers.id });
    const id = hidden?.id ?? '';
    expect((await list(c.ada)).json<CsuVerificationRow[]>().some((row) => row.id === id)).toBe(false);
    expect((await decide(id, c.ada, { verified: false })).json<CsuVerificationRow>()).toMatchObject({
      id,
      name: 'Unlinked Guild',
      csulVerified: false,
    });
  });

  it('answers 404 for an unknown server and 400 for bad input, storing nothing', async () => {
    const unknown = await decide('00000000-0000-4000-8000-000000000000', c.ada, { verified: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await decide('not-a-server', c.ada, { verified: true })).statusCode).toBe(400);
    const missing = await decide(pixelPlaza, c.ada, { adminNotes: NOTES });
    expect(missing.statusCode).toBe(400);
    expect((await decide(pixelPlaza, c.ada, { verified: 'yes' })).statusCode).toBe(400);
    expect((await decide(pixelPlaza, c.ada, { verified: true, adminNotes: 'x'.repeat(2001) })).statusCode).toBe(400);
    const [stored] = await t.database.db
      .select()
      .from(csuVerifications)
      .where(eq(csuVerifications.serverId, pixelPlaza));
    expect(stored?.verified).toBe(false);
  });

  it('refuses a visitor with 401 and the owner with 403, changing nothing', async () => {
    expect((await decide(pixelPlaza, undefined, { verified: true })).statusCode).toBe(401);
    const owner = await decide(pixelPlaza, c.olivia, { verified: true });
    expect(owner.statusCode).toBe(403);
    const check = csuOf((await readAudit()).checkResults);
    expect(check.status).toBe('FAIL');
    const [stored] = await t.database.db
      .select()
      .from(csuVerifications)
      .where(and(eq(csuVerifications.serverId, pixelPlaza), eq(csuVerifications.verified, true)));
    expect(stored).toBeUndefined();
  });
});
