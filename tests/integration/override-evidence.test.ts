import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActions } from '../../src/server/db/schema-staff.js';
import type { Audit, AuditWithChecks, StoredCheckResult } from '../../src/shared/contracts/audits.js';
import { GUILDS, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { pdfText } from '../helpers/pdf-content.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

/** POST /api/checks/{checkId}/evidence: the evidence behind an override, from its overrider's side. */

let t: TestApp;
const c = { olivia: '', eddie: '', ada: '', mona: '' };
let audit: AuditWithChecks;
let failing: StoredCheckResult[];

const REASON = 'Backups run nightly to an offsite bucket.';
const EVIDENCE = 'Template synced 2026-11-20, stored in the team vault; restore tested on 2026-11-21.';
const NOT_OVERRIDDEN = {
  code: 'CONFLICT',
  message: 'This check is not overridden: override it (Waived or Pass, with a reason) before adding evidence.',
};

const submit = (id: string, cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/checks/${id}/evidence`, headers: sameOrigin(cookie), payload });
const override = (id: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/checks/${id}`, headers: sameOrigin(cookie), payload });
const checkAsRead = async (cookie: string, id: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/audits/${audit.id}`, headers: { cookie } });
  return response.json<AuditWithChecks>().checkResults.find((check) => check.id === id);
};
const trailOf = (checkId: string) =>
  t.database.db.select().from(staffActions).where(eq(staffActions.targetId, checkId));

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
  // nth(0): Olivia's self-attested claim; nth(1): a staff decision; nth(2): never overridden.
  expect((await override(nth(0).id, c.olivia, { status: 'WAIVED', waiveReason: REASON })).statusCode).toBe(200);
  expect((await override(nth(1).id, c.ada, { status: 'PASS', waiveReason: 'Seen on a call' })).statusCode).toBe(200);
});
afterAll(async () => t?.close());

describe('the owner, on their own self-attested override', () => {
  it('adds the evidence (trimmed) with its time, and the audit read shows it at once to everyone who may see it', async () => {
    const before = Date.now();
    const response = await submit(nth(0).id, c.olivia, { evidence: `  ${EVIDENCE}\n` });
    expect(response.statusCode).toBe(200);
    const check = response.json<StoredCheckResult>();
    expect(check).toMatchObject({
      id: nth(0).id,
      overrideKind: 'self_attested',
      selfAttestedStatus: 'WAIVED',
      overriddenBy: 'Olivia Owner',
      overrideReason: REASON,
      overrideEvidence: EVIDENCE,
    });
    expect(Date.parse(check.overrideEvidenceAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    for (const cookie of [c.olivia, c.mona, c.ada]) {
      expect(await checkAsRead(cookie, nth(0).id)).toMatchObject({
        overrideEvidence: EVIDENCE,
        overrideEvidenceAt: check.overrideEvidenceAt,
      });
    }
    // An owner's own claim is not a staff action.
    expect(await trailOf(nth(0).id)).toEqual([]);
  });

  it('replaces the evidence on a second submission and moves its time on', async () => {
    const first = await checkAsRead(c.olivia, nth(0).id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await submit(nth(0).id, c.olivia, { evidence: 'Restore tested again on 2026-11-23.' });
    expect(response.statusCode).toBe(200);
    const check = response.json<StoredCheckResult>();
    expect(check.overrideEvidence).toBe('Restore tested again on 2026-11-23.');
    expect(Date.parse(check.overrideEvidenceAt ?? '')).toBeGreaterThan(Date.parse(first?.overrideEvidenceAt ?? ''));
  });

  it('refuses a staff decision’s evidence with 409 and changes nothing', async () => {
    const response = await submit(nth(1).id, c.olivia, { evidence: EVIDENCE });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'Rampart staff decided this check; only staff can change it.' },
    });
    expect(await checkAsRead(c.olivia, nth(1).id)).toMatchObject({ overrideEvidence: null, overrideEvidenceAt: null });
  });

  it('loses the evidence with the claim when the owner withdraws it', async () => {
    const target = nth(3);
    expect((await override(target.id, c.olivia, { status: 'PASS', waiveReason: REASON })).statusCode).toBe(200);
    expect((await submit(target.id, c.olivia, { evidence: EVIDENCE })).statusCode).toBe(200);
    expect((await override(target.id, c.olivia, { status: 'FAIL' })).statusCode).toBe(200);
    expect(await checkAsRead(c.olivia, target.id)).toMatchObject({ overrideKind: null, overrideEvidence: null });
    const again = await submit(target.id, c.olivia, { evidence: EVIDENCE });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: NOT_OVERRIDDEN });
  });
});

describe('staff', () => {
  it('add evidence to a staff decision, recorded in the audit trail with before and after', async () => {
    const response = await submit(nth(1).id, c.ada, { evidence: 'Screenshare of the role settings on 2026-11-22.' });
    expect(response.statusCode).toBe(200);
    expect(response.json<StoredCheckResult>()).toMatchObject({
      overrideKind: 'staff',
      status: 'PASS',
      overriddenBy: 'Ada Admin',
      overrideEvidence: 'Screenshare of the role settings on 2026-11-22.',
    });
    const trail = await trailOf(nth(1).id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      actorName: 'Ada Admin',
      action: 'check.evidence',
      targetType: 'check',
      before: { overrideEvidence: null },
      after: { overrideEvidence: 'Screenshare of the role settings on 2026-11-22.' },
    });
    expect(trail[0]?.summary).toContain(nth(1).checkName);
  });

  it('may add evidence to an owner’s claim too, which stays the owner’s override', async () => {
    const response = await submit(nth(0).id, c.ada, { evidence: 'Checked the vault entry with the owner.' });
    expect(response.statusCode).toBe(200);
    expect(response.json<StoredCheckResult>()).toMatchObject({
      overrideKind: 'self_attested',
      overriddenBy: 'Olivia Owner',
      overrideEvidence: 'Checked the vault entry with the owner.',
    });
    expect(await trailOf(nth(0).id)).toMatchObject([
      {
        action: 'check.evidence',
        before: { overrideEvidence: 'Restore tested again on 2026-11-23.' },
        after: { overrideEvidence: 'Checked the vault entry with the owner.' },
      },
    ]);
  });

  it('are refused a check nobody overrode with 409', async () => {
    const response = await submit(nth(2).id, c.ada, { evidence: EVIDENCE });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: NOT_OVERRIDDEN });
    expect(await trailOf(nth(2).id)).toEqual([]);
  });
});

describe('bad input and the wrong callers', () => {
  it('refuses blank, missing and oversized evidence with 400', async () => {
    for (const payload of [{ evidence: '   \n ' }, {}, { evidence: 'x'.repeat(10_001) }, { evidence: 42 }]) {
      const response = await submit(nth(0).id, c.olivia, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await submit(nth(0).id, c.olivia, { evidence: ' ' })).json().error.message).toContain(
      'Describe the evidence for this override.',
    );
    expect((await checkAsRead(c.olivia, nth(0).id))?.overrideEvidence).toBe('Checked the vault entry with the owner.');
  });

  it('refuses a malformed check id with 400 and an unknown one with 404', async () => {
    expect((await submit('not-a-uuid', c.olivia, { evidence: EVIDENCE })).statusCode).toBe(400);
    const unknown = await submit('00000000-0000-4000-8000-000000000000', c.ada, { evidence: EVIDENCE });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a visitor with 401, another owner with 404 (nothing leaked) and a manager who does not own with 403', async () => {
    const target = nth(0);
    expect((await submit(target.id, undefined, { evidence: EVIDENCE })).statusCode).toBe(401);
    const stranger = await submit(target.id, c.eddie, { evidence: EVIDENCE });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain(target.checkName);
    expect(stranger.body).not.toContain('Checked the vault entry');
    const manager = await submit(target.id, c.mona, { evidence: EVIDENCE });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toMatchObject({
      error: {
        code: 'FORBIDDEN',
        message:
          'Only the server’s owner or Rampart staff can override a check. You manage this server but do not own it.',
      },
    });
    expect((await checkAsRead(c.olivia, target.id))?.overrideEvidence).toBe('Checked the vault entry with the owner.');
  });
});

describe('the PDF report', () => {
  it('shows each override’s evidence under its check, drawn again once the evidence changes', async () => {
    const download = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/audits/${audit.id}/download-report`,
        headers: { cookie: c.olivia },
      });
      expect(response.statusCode).toBe(200);
      return pdfText(response.rawPayload);
    };
    const text = await download();
    expect(text).toContain('EVIDENCE Submitted');
    expect(text).toContain('Checked the vault entry with the owner.');
    expect(text).toContain('Screenshare of the role settings on 2026-11-22.');
    expect((await submit(nth(1).id, c.ada, { evidence: 'Second screenshare on 2026-11-24.' })).statusCode).toBe(200);
    const redrawn = await download();
    expect(redrawn).toContain('Second screenshare on 2026-11-24.');
    expect(redrawn).not.toContain('Screenshare of the role settings on 2026-11-22.');
  });
});
