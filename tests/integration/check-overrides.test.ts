import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type {
  Audit,
  AuditWithChecks,
  StoredCheckResult,
  UpdateCheckResponse,
} from '../../src/shared/contracts/audits.js';
import { GUILDS, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { pdfText } from '../helpers/pdf-content.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

/** Self-attested owner overrides and staff decisions (docs/decisions/0009). */

type Result = z.infer<typeof UpdateCheckResponse>;

let t: TestApp;
const c = { olivia: '', eddie: '', ada: '', mona: '' };
let audit: AuditWithChecks;
let failing: StoredCheckResult[];

const REASON = 'Backups run nightly to an offsite bucket.';

const put = (id: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/checks/${id}`, headers: sameOrigin(cookie), payload });
const read = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/audits/${audit.id}`, headers: { cookie } })).json<AuditWithChecks>();

function nth(index: number): StoredCheckResult {
  const check = failing[index];
  if (check === undefined) throw new Error(`Pixel Plaza should fail at least ${index + 1} checks`);
  return check;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const name of Object.keys(c) as (keyof typeof c)[]) c[name] = await t.signIn(DEMO[name]);
  // Olivia owns Pixel Plaza and Mona manages it; staff audit it, as Olivia has no plan.
  const pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
  audit = await waitForAudit(t, c.ada, (await startAudit(t, c.ada, pixelPlaza)).json<Audit>().id);
  failing = audit.checkResults.filter((check) => check.status === 'FAIL');
});
afterAll(async () => t?.close());

describe('PUT /api/checks/{checkId} by the server’s owner', () => {
  it('records a self-attested override with who, when and why, leaving the score of record and eligibility alone', async () => {
    expect(audit.status).toBe('completed');
    expect(audit).toMatchObject({ selfAttestedOverrides: 0, selfAttestedRiskScore: null, certificateEligible: false });
    const target = nth(0);
    expect(target).toMatchObject({
      engineStatus: 'FAIL',
      overrideKind: null,
      overriddenBy: null,
      countsTowardCertification: false,
    });

    const response = await put(target.id, c.olivia, { status: 'WAIVED', waiveReason: `  ${REASON}  ` });
    expect(response.statusCode).toBe(200);
    const body = response.json<Result>();
    expect(body.check).toMatchObject({
      id: target.id,
      status: 'FAIL',
      engineStatus: 'FAIL',
      overrideKind: 'self_attested',
      selfAttestedStatus: 'WAIVED',
      overriddenBy: 'Olivia Owner',
      overrideReason: REASON,
      waiveReason: null,
      countsTowardCertification: false,
    });
    expect(Date.parse(body.check.overriddenAt ?? '')).toBeGreaterThan(Date.parse(audit.completedAt ?? ''));
    expect(body.audit).toMatchObject({
      riskScore: audit.riskScore,
      passedChecks: audit.passedChecks,
      failedChecks: audit.failedChecks,
      selfAttestedOverrides: 1,
      certificateEligible: false,
    });
    expect(body.audit.selfAttestedRiskScore).toBeGreaterThan(audit.riskScore ?? 100);

    const again = await read(c.mona);
    expect(again.checkResults.find((check) => check.id === target.id)).toMatchObject({
      overrideKind: 'self_attested',
      overriddenBy: 'Olivia Owner',
    });
    expect(again).toMatchObject({ riskScore: audit.riskScore, selfAttestedOverrides: 1 });
  });

  it('claims 100 by passing every failed check, yet the score of record stays and no certificate is possible', async () => {
    for (const check of failing) {
      expect((await put(check.id, c.olivia, { status: 'PASS', waiveReason: REASON })).statusCode).toBe(200);
    }
    const claimed = await read(c.olivia);
    expect(claimed).toMatchObject({
      riskScore: audit.riskScore,
      criticalIssues: audit.criticalIssues,
      selfAttestedOverrides: failing.length,
      selfAttestedRiskScore: 100,
      certificateEligible: false,
    });
    const claims = claimed.checkResults.filter((check) => check.overrideKind === 'self_attested');
    expect(claims).toHaveLength(failing.length);
    expect(claims.every((check) => check.status === 'FAIL' && check.selfAttestedStatus === 'PASS')).toBe(true);
  });

  it('withdraws the owner’s own claim with FAIL, back to the engine’s finding', async () => {
    const target = nth(1);
    const response = await put(target.id, c.olivia, { status: 'FAIL' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Result>().check).toMatchObject({
      status: 'FAIL',
      engineStatus: 'FAIL',
      overrideKind: null,
      selfAttestedStatus: null,
      overriddenBy: null,
      overrideReason: null,
      overrideEvidence: null,
      overrideEvidenceAt: null,
      waiveReason: null,
    });
    expect(response.json<Result>().audit).toMatchObject({
      riskScore: audit.riskScore,
      selfAttestedOverrides: failing.length - 1,
    });
  });

  it('refuses a reason shorter than 10 non-blank characters with 400, changing nothing', async () => {
    const target = nth(1);
    for (const waiveReason of ['x', '  a b c d e f g h i  ', undefined]) {
      const response = await put(target.id, c.olivia, { status: 'WAIVED', waiveReason });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'BAD_REQUEST',
          message: 'Give a reason of at least 10 characters (spaces not counted) to override a check.',
        },
      });
    }
    expect((await read(c.olivia)).checkResults.find((check) => check.id === target.id)?.status).toBe('FAIL');
  });

  it('refuses a manager who does not own the server with 403, another owner with 404 and a visitor with 401', async () => {
    const target = nth(1);
    const manager = await put(target.id, c.mona, { status: 'WAIVED', waiveReason: REASON });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toMatchObject({
      error: {
        code: 'FORBIDDEN',
        message:
          'Only the server’s owner or Rampart staff can override a check. You manage this server but do not own it.',
      },
    });
    const stranger = await put(target.id, c.eddie, { status: 'WAIVED', waiveReason: REASON });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(target.checkName);
    expect((await put(target.id, undefined, { status: 'WAIVED', waiveReason: REASON })).statusCode).toBe(401);
    expect((await read(c.olivia)).checkResults.find((check) => check.id === target.id)?.overrideKind).toBeNull();
  });
});

describe('PUT /api/checks/{checkId} by staff', () => {
  it('marks a staff decision that counts toward the score of record and certification, which the owner cannot change', async () => {
    const target = nth(2);
    const before = await read(c.ada);
    const response = await put(target.id, c.ada, { status: 'WAIVED', waiveReason: 'Seen on a call' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Result>();
    expect(body.check).toMatchObject({
      status: 'WAIVED',
      engineStatus: 'FAIL',
      overrideKind: 'staff',
      selfAttestedStatus: null,
      waiveReason: 'Seen on a call',
      overriddenBy: 'Ada Admin',
      overrideReason: 'Seen on a call',
      countsTowardCertification: true,
    });
    expect(body.audit.riskScore).toBeGreaterThan(before.riskScore ?? 100);
    expect(body.audit.passedChecks).toBe(before.passedChecks + 1);
    expect(body.audit.selfAttestedOverrides).toBe(before.selfAttestedOverrides - 1);

    const owner = await put(target.id, c.olivia, { status: 'FAIL' });
    expect(owner.statusCode).toBe(409);
    expect(owner.json()).toMatchObject({
      error: { message: 'Rampart staff decided this check; only staff can change it.' },
    });

    const failed = await put(target.id, c.ada, { status: 'FAIL', waiveReason: 'Evidence did not hold up' });
    expect(failed.json<Result>().check).toMatchObject({
      status: 'FAIL',
      overrideKind: 'staff',
      overrideReason: 'Evidence did not hold up',
      waiveReason: null,
    });
    expect(failed.json<Result>().audit.riskScore).toBe(before.riskScore);
  });
});

describe('the PDF report', () => {
  it('marks self-attested overrides and staff decisions, naming who decided, and no longer claims every waiver was an administrator’s', async () => {
    await put(nth(2).id, c.ada, { status: 'PASS', waiveReason: 'Confirmed in the server settings' });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${audit.id}/download-report`,
      headers: { cookie: c.olivia },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('SELF-ATTESTED');
    expect(text).toContain(`Self-attested by the server owner, Olivia Owner`);
    expect(text).toContain(REASON);
    expect(text).toContain('Staff decision by Ada Admin');
    expect(text).toContain('Confirmed in the server settings');
    const current = await read(c.olivia);
    expect(current.riskScore).toBeLessThan(90);
    expect(text).toContain(`scored ${current.riskScore} out of 100`);
    expect(current.selfAttestedRiskScore).toBeGreaterThan(current.riskScore ?? 100);
    expect(text).toContain(
      `The owner claims ${current.selfAttestedRiskScore} with self-attested overrides (${current.selfAttestedOverrides} checks), which do not count toward the score or a certificate.`,
    );
    expect(text).toContain('self-attested overrides not counted');
    expect(text).toContain('does not meet the certificate threshold');
    expect(text).not.toMatch(/accepted on evidence or by an administrator/);
  });
});
