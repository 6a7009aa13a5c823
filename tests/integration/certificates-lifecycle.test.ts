import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffActions } from '../../src/server/db/schema-staff.js';
import { REFUSED } from '../../src/server/modules/certificates/lifecycle.js';
import { CERTIFICATE_ID_PATTERN, CHECKLIST_VERSION } from '../../src/shared/certificate-rules.js';
import type { AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { Certificate, PublicCertificate } from '../../src/shared/contracts/certificates.js';
import {
  auditCitadel,
  certificateApi,
  certificateIn,
  certificateOfAudit,
  certificateWorld,
  type CertificateWorld,
} from '../helpers/certificates.js';
import { notificationsOf } from '../helpers/evidence.js';
import { sameOrigin } from '../helpers/test-app.js';

/**
 * A certificate's whole life on the server (docs/decisions/0027): an eligible audit creates it pending,
 * staff approve, reject or revoke it, a newer one supersedes the older, a rescore that drops eligibility
 * withdraws it, and an issued one reads expired after a year.
 */

let w: CertificateWorld;
let call: ReturnType<typeof certificateApi>;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  w = await certificateWorld();
  call = certificateApi(w.t);
});
afterAll(async () => w?.t.close());

const publicStatus = async (certificateId: string) =>
  (await call.verify(certificateId)).json<PublicCertificate>().status;
const approve = (certificate: Certificate) => call.update(w.c.ada, certificate.id, 'issued');
const overrideCheck = (checkResultId: string, status: 'PASS' | 'FAIL') =>
  w.t.app.inject({
    method: 'PUT',
    url: `/api/checks/${checkResultId}`,
    headers: sameOrigin(w.c.ada),
    payload: { status, waiveReason: 'Checked by Rampart staff on a call.' },
  });

describe('the certificate of an eligible audit', () => {
  let audit: AuditWithChecks;
  let first: Certificate;

  it('appears pending when Eddie audits the hardened demo server (score ≥ 90, no critical issue)', async () => {
    audit = await auditCitadel(w);
    expect(audit).toMatchObject({ status: 'completed', criticalIssues: 0, certificateEligible: true });
    expect(audit.riskScore).toBeGreaterThanOrEqual(90);
    const response = await call.ofServer(w.c.eddie, w.citadel);
    expect(response.statusCode).toBe(200);
    first = certificateIn(response);
    expect(first).toMatchObject({
      status: 'pending',
      serverId: w.citadel,
      serverName: 'Citadel Security Lab',
      username: 'Eddie Entitled',
      auditId: audit.id,
      auditCompletedAt: audit.completedAt,
      riskScore: audit.riskScore,
      criticalIssues: 0,
      csulVerified: false,
      checklistVersion: CHECKLIST_VERSION,
      validFrom: null,
      validUntil: null,
      issuedAt: null,
      revokedAt: null,
      rejectionReason: null,
    });
    expect(first.certificateId).toMatch(CERTIFICATE_ID_PATTERN);
    expect(first.publicUrl).toBe(`http://localhost/verify/${first.certificateId}`);
    expect(first.qrCode).toMatch(/^data:image\/png;base64,/);
  });

  it('is approved by staff: issued now, valid 365 days; the owner is told and the action is on the trail', async () => {
    const before = w.clock.now().getTime();
    const response = await approve(first);
    expect(response.statusCode).toBe(200);
    const issued = certificateIn(response);
    expect(issued.status).toBe('issued');
    const issuedAt = Date.parse(issued.issuedAt ?? '');
    expect(issuedAt).toBeGreaterThanOrEqual(before);
    expect(issued.validFrom).toBe(issued.issuedAt);
    expect(Date.parse(issued.validUntil ?? '') - issuedAt).toBe(365 * DAY_MS);
    const notices = await notificationsOf(w.t, w.ids.eddie, 'CERTIFICATE_REVIEW');
    expect(notices).toEqual([expect.objectContaining({ title: 'Certificate Issued', actionUrl: '/certificates' })]);
    const trail = await w.t.database.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetId, first.certificateId), eq(staffActions.action, 'certificate.approve')));
    expect(trail).toEqual([
      expect.objectContaining({
        actorUserId: w.ids.ada,
        actorName: 'Ada Admin',
        targetType: 'certificate',
        before: { status: 'pending' },
        after: { status: 'issued', validUntil: issued.validUntil },
      }),
    ]);
    expect(await publicStatus(first.certificateId)).toBe('issued');
  });

  it('refuses every other decision on an issued certificate with 409 and a clear message', async () => {
    const again = await approve(first);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'CONFLICT', message: REFUSED.approveNotPending('issued') } });
    const reject = await call.reject(w.c.ada, first.id, 'Too late');
    expect(reject.statusCode).toBe(409);
    expect(reject.json()).toMatchObject({ error: { message: REFUSED.rejectNotPending('issued') } });
  });

  describe('a second eligible audit', () => {
    let second: Certificate;

    it('creates a second pending certificate beside the issued one; the server still shows the issued one', async () => {
      const next = await auditCitadel(w);
      second = await certificateOfAudit(w, next.id);
      expect(second.status).toBe('pending');
      expect(second.certificateId).not.toBe(first.certificateId);
      expect(certificateIn(await call.ofServer(w.c.eddie, w.citadel)).id).toBe(first.id);
      const page = (await call.verify(first.certificateId)).json<PublicCertificate>();
      expect(page).toMatchObject({ status: 'issued', laterAuditMeetsBar: true });
    });

    it('supersedes the issued one when approved, in the same transaction', async () => {
      const response = await approve(second);
      expect(response.statusCode).toBe(200);
      expect(certificateIn(response).status).toBe('issued');
      expect((await certificateOfAudit(w, first.auditId)).status).toBe('superseded');
      expect(await publicStatus(first.certificateId)).toBe('superseded');
      expect((await call.badge(first.certificateId)).body).toContain('>superseded</text>');
      expect(certificateIn(await call.ofServer(w.c.eddie, w.citadel)).id).toBe(second.id);
      const refused = await call.update(w.c.ada, first.id, 'revoked');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: { message: REFUSED.revokeNotIssued('superseded') } });
    });

    it('supersedes an older pending certificate when a newer eligible audit completes', async () => {
      const third = await auditCitadel(w);
      const fourth = await auditCitadel(w);
      expect((await certificateOfAudit(w, third.id)).status).toBe('superseded');
      expect((await certificateOfAudit(w, fourth.id)).status).toBe('pending');
    });
  });
});

describe('a rescore', () => {
  let audit: AuditWithChecks;
  let pending: Certificate;

  it('that drops the audit below the bar withdraws its pending certificate (superseded)', async () => {
    audit = await auditCitadel(w);
    pending = await certificateOfAudit(w, audit.id);
    expect(pending.status).toBe('pending');
    const critical = audit.checkResults.find((check) => check.severity === 'CRITICAL' && check.status === 'PASS');
    if (critical === undefined) throw new Error('the hardened guild should pass a critical check');
    const failed = await overrideCheck(critical.id, 'FAIL');
    expect(failed.statusCode).toBe(200);
    expect(failed.json<{ audit: { criticalIssues: number } }>().audit.criticalIssues).toBe(1);
    expect((await certificateOfAudit(w, audit.id)).status).toBe('superseded');
    expect(await publicStatus(pending.certificateId)).toBe('superseded');
    const refused = await approve(pending);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { message: REFUSED.approveNotPending('superseded') } });

    const restored = await overrideCheck(critical.id, 'PASS');
    expect(restored.statusCode).toBe(200);
    expect(await certificateOfAudit(w, audit.id)).toMatchObject({ id: pending.id, status: 'pending' });
  });

  it('that changes the score of an eligible audit gives its pending certificate the new numbers', async () => {
    const failing = audit.checkResults.find((check) => check.status === 'FAIL');
    if (failing === undefined) throw new Error('the hardened guild should fail a manual check');
    const waived = await overrideCheck(failing.id, 'PASS');
    const rescored = waived.json<{ audit: { riskScore: number } }>().audit.riskScore;
    expect(rescored).toBeGreaterThan(pending.riskScore);
    expect((await certificateOfAudit(w, audit.id)).riskScore).toBe(rescored);
  });

  it('rejecting the pending certificate needs a reason; the owner is told it', async () => {
    const blank = await call.reject(w.c.ada, pending.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const reason = 'The CSU account could not be confirmed on the call.';
    const rejected = await call.reject(w.c.ada, pending.id, reason);
    expect(rejected.statusCode).toBe(200);
    expect(certificateIn(rejected)).toMatchObject({ status: 'rejected', rejectionReason: reason });
    const page = await call.verify(pending.certificateId);
    expect(page.json<PublicCertificate>().status).toBe('rejected');
    expect(page.body).not.toContain(reason);
    expect((await call.badge(pending.certificateId)).body).toContain('>rejected</text>');
    const notices = await notificationsOf(w.t, w.ids.eddie, 'CERTIFICATE_REVIEW');
    expect(notices.find((notice) => notice.title === 'Certificate Rejected')?.message).toContain(reason);
    const again = await call.reject(w.c.ada, pending.id, reason);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { message: REFUSED.rejectNotPending('rejected') } });
    expect((await call.update(w.c.ada, pending.id, 'issued')).statusCode).toBe(409);
  });
});

describe('revocation, concurrency and expiry', () => {
  let issued: Certificate;

  it('lets exactly one of two simultaneous approvals of the same pending certificate win', async () => {
    const audit = await auditCitadel(w);
    const pending = await certificateOfAudit(w, audit.id);
    const answers = await Promise.all([approve(pending), approve(pending)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    issued = await certificateOfAudit(w, audit.id);
    expect(issued.status).toBe('issued');
    const approvals = await w.t.database.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.targetId, issued.certificateId), eq(staffActions.action, 'certificate.approve')));
    expect(approvals).toHaveLength(1);
  });

  it('reads expired everywhere once its validity has passed, and can then be neither revoked nor downloaded', async () => {
    w.clock.advanceDays(366);
    try {
      expect(certificateIn(await call.ofServer(w.c.eddie, w.citadel))).toMatchObject({
        id: issued.id,
        status: 'expired',
      });
      expect((await certificateOfAudit(w, issued.auditId)).status).toBe('expired');
      expect(await publicStatus(issued.certificateId)).toBe('expired');
      expect((await call.badge(issued.certificateId)).body).toContain('>expired</text>');
      const download = await call.download(w.c.eddie, issued.id);
      expect(download.statusCode).toBe(409);
      expect(download.json()).toMatchObject({ error: { code: 'CONFLICT' } });
      const revoke = await call.update(w.c.ada, issued.id, 'revoked');
      expect(revoke.statusCode).toBe(409);
      expect(revoke.json()).toMatchObject({ error: { message: REFUSED.revokeNotIssued('expired') } });
    } finally {
      w.clock.advanceDays(-366);
    }
  });

  it('revokes an issued certificate: the owner is told, the public page and badge say revoked', async () => {
    const response = await call.update(w.c.ada, issued.id, 'revoked');
    expect(response.statusCode).toBe(200);
    const revoked = certificateIn(response);
    expect(revoked.status).toBe('revoked');
    expect(Date.parse(revoked.revokedAt ?? '')).toBeGreaterThan(Date.parse(revoked.issuedAt ?? ''));
    expect(await publicStatus(issued.certificateId)).toBe('revoked');
    expect((await call.badge(issued.certificateId)).body).toContain('>revoked</text>');
    const notices = await notificationsOf(w.t, w.ids.eddie, 'CERTIFICATE_REVIEW');
    expect(notices.some((notice) => notice.title === 'Certificate Revoked')).toBe(true);
    const trail = await w.t.database.db
      .select()
      .from(staffActions)
      .where(eq(staffActions.action, 'certificate.revoke'));
    expect(trail).toEqual([
      expect.objectContaining({
        targetId: issued.certificateId,
        before: { status: 'issued' },
        after: { status: 'revoked' },
      }),
    ]);
    expect((await call.update(w.c.ada, issued.id, 'revoked')).statusCode).toBe(409);
    expect((await call.download(w.c.eddie, issued.id)).statusCode).toBe(409);
    // The server now has no valid certificate: it shows the newest one, which says why.
    expect(certificateIn(await call.ofServer(w.c.eddie, w.citadel)).status).toBe('revoked');
  });

  // Last, so that which side wins the race never changes what the tests above find.
  it('lets one of a simultaneous rejection and approval of a new pending certificate win, never both', async () => {
    const audit = await auditCitadel(w);
    const pending = await certificateOfAudit(w, audit.id);
    const [approval, rejection] = await Promise.all([approve(pending), call.reject(w.c.ada, pending.id, 'Race')]);
    expect([approval.statusCode, rejection.statusCode].sort()).toEqual([200, 409]);
    const outcome = (await certificateOfAudit(w, audit.id)).status;
    expect(outcome).toBe(approval.statusCode === 200 ? 'issued' : 'rejected');
  });
});
