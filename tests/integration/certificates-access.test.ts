import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_CERTIFICATE } from '../../src/server/modules/certificates/public.js';
import { CHECKLIST_VERSION } from '../../src/shared/certificate-rules.js';
import type { Certificate, PublicCertificate } from '../../src/shared/contracts/certificates.js';
import { DEMO } from '../helpers/test-app.js';
import {
  auditCitadel,
  certificateApi,
  certificateIn,
  certificateOfAudit,
  certificateWorld,
  type CertificateWorld,
} from '../helpers/certificates.js';
import { pdfText } from '../helpers/pdf-content.js';
import { decodePdfQrCodes } from '../helpers/pdf-qr.js';

/** Who may call each certificate route, what bad input gets, and what the public page and badge reveal. */

let w: CertificateWorld;
let call: ReturnType<typeof certificateApi>;
/** Citadel's first certificate, issued; its second, still pending. */
let issued: Certificate;
let pending: Certificate;
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_PUBLIC_ID = 'RMP-AAAAAAAAAAAAAAAAAAAAAAAAAA';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

beforeAll(async () => {
  w = await certificateWorld();
  call = certificateApi(w.t);
  const first = await certificateOfAudit(w, (await auditCitadel(w)).id);
  const approved = await call.update(w.c.ada, first.id, 'issued');
  if (approved.statusCode !== 200) throw new Error(`approval answered ${approved.statusCode}: ${approved.body}`);
  issued = certificateIn(approved);
  pending = await certificateOfAudit(w, (await auditCitadel(w)).id);
});
afterAll(async () => w?.t.close());

describe('GET /api/admin/all-certificates', () => {
  it('lists every certificate for staff, pending first', async () => {
    const response = await call.listAll(w.c.ada);
    expect(response.statusCode).toBe(200);
    expect(response.json<Certificate[]>().map((certificate) => [certificate.id, certificate.status])).toEqual([
      [pending.id, 'pending'],
      [issued.id, 'issued'],
    ]);
  });

  it('is refused to an owner (403) and a visitor (401)', async () => {
    expect((await call.listAll(w.c.eddie)).statusCode).toBe(403);
    expect((await call.listAll()).statusCode).toBe(401);
  });
});

describe('GET /api/certificates/{serverId}', () => {
  it('answers the owner and staff with the issued certificate, and null for a server without one', async () => {
    for (const cookie of [w.c.eddie, w.c.ada]) {
      const response = await call.ofServer(cookie, w.citadel);
      expect(response.statusCode).toBe(200);
      expect(certificateIn(response)).toMatchObject({ id: issued.id, status: 'issued' });
    }
    const none = await call.ofServer(w.c.eddie, w.studyHall);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
  });

  it('is 404 to another owner, 401 to a visitor and 400 for a malformed id', async () => {
    const other = await call.ofServer(w.c.olivia, w.citadel);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(issued.certificateId);
    expect((await call.ofServer(undefined, w.citadel)).statusCode).toBe(401);
    expect((await call.ofServer(w.c.eddie, 'not-a-server')).statusCode).toBe(400);
    expect((await call.ofServer(w.c.ada, MISSING_ID)).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/certificates/{id} and POST …/reject', () => {
  it('are refused to the owner (403) and a visitor (401), changing nothing', async () => {
    expect((await call.update(w.c.eddie, pending.id, 'issued')).statusCode).toBe(403);
    expect((await call.update(undefined, pending.id, 'issued')).statusCode).toBe(401);
    expect((await call.reject(w.c.eddie, pending.id, 'No.')).statusCode).toBe(403);
    expect((await call.reject(undefined, pending.id, 'No.')).statusCode).toBe(401);
    expect((await certificateOfAudit(w, pending.auditId)).status).toBe('pending');
  });

  it('answer bad input with 400 and an unknown certificate with 404', async () => {
    for (const status of ['pending', 'expired', 'rejected', 'superseded', '', 42]) {
      const response = await call.update(w.c.ada, pending.id, status);
      expect(response.statusCode, String(status)).toBe(400);
    }
    expect((await call.update(w.c.ada, 'not-an-id', 'issued')).statusCode).toBe(400);
    expect((await call.reject(w.c.ada, pending.id, '')).statusCode).toBe(400);
    expect((await call.reject(w.c.ada, pending.id, 'x'.repeat(2001))).statusCode).toBe(400);
    expect((await call.update(w.c.ada, MISSING_ID, 'issued')).statusCode).toBe(404);
    expect((await call.reject(w.c.ada, MISSING_ID, 'Unknown')).statusCode).toBe(404);
    expect((await certificateOfAudit(w, pending.auditId)).status).toBe('pending');
  });
});

describe('GET /api/certificates/{id}/download', () => {
  it('gives the owner a PDF whose QR code decodes to the public URL, with the certificate’s facts in text', async () => {
    const response = await call.download(w.c.eddie, issued.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="rampart-certificate-${issued.certificateId}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(await decodePdfQrCodes(response.rawPayload)).toEqual([issued.publicUrl]);
    const text = pdfText(response.rawPayload);
    for (const fact of [
      'Citadel Security Lab',
      'Eddie Entitled',
      `${issued.riskScore} / 100`,
      CHECKLIST_VERSION,
      issued.certificateId,
      issued.publicUrl,
    ])
      expect(text).toContain(fact);
  });

  it('serves staff too; refuses another owner (404), a visitor (401), a pending certificate (409) and bad ids', async () => {
    expect((await call.download(w.c.ada, issued.id)).statusCode).toBe(200);
    expect((await call.download(w.c.olivia, issued.id)).statusCode).toBe(404);
    expect((await call.download(undefined, issued.id)).statusCode).toBe(401);
    const notYet = await call.download(w.c.eddie, pending.id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json()).toMatchObject({
      error: { code: 'CONFLICT', message: 'Only an issued certificate can be downloaded; this one is pending.' },
    });
    expect((await call.download(w.c.eddie, 'nope')).statusCode).toBe(400);
    expect((await call.download(w.c.eddie, MISSING_ID)).statusCode).toBe(404);
  });
});

describe('the public check and the badge', () => {
  const PUBLIC_KEYS = [
    'auditCompletedAt',
    'certificateId',
    'checklistVersion',
    'issuedAt',
    'laterAuditMeetsBar',
    'revokedAt',
    'riskScore',
    'serverName',
    'status',
    'validFrom',
    'validUntil',
  ];
  /** Nothing of the owner, no internal ids, no findings. */
  const expectNothingElse = (body: string) => {
    expect(body).not.toMatch(UUID);
    for (const secret of [DEMO.eddie, 'Eddie', 'eddie', 'BOT_TOKEN_HYGIENE', 'remediation', 'evidence'])
      expect(body).not.toContain(secret);
  };

  it('tells a visitor an issued certificate is genuine, with its facts and nothing else', async () => {
    const response = await call.verify(issued.certificateId);
    expect(response.statusCode).toBe(200);
    const page = response.json<PublicCertificate>();
    expect(Object.keys(page).sort()).toEqual(PUBLIC_KEYS);
    expect(page).toEqual({
      certificateId: issued.certificateId,
      status: 'issued',
      serverName: 'Citadel Security Lab',
      riskScore: issued.riskScore,
      auditCompletedAt: issued.auditCompletedAt,
      checklistVersion: CHECKLIST_VERSION,
      validFrom: issued.validFrom,
      validUntil: issued.validUntil,
      issuedAt: issued.issuedAt,
      revokedAt: null,
      // The pending certificate's audit completed later and meets the bar.
      laterAuditMeetsBar: true,
    });
    expectNothingElse(response.body);
  });

  it('says pending for a pending certificate, with no later audit', async () => {
    const page = (await call.verify(pending.certificateId)).json<PublicCertificate>();
    expect(page).toMatchObject({ status: 'pending', laterAuditMeetsBar: null, issuedAt: null, validUntil: null });
  });

  it('answers an unknown or malformed id plainly with 404, and an over-long one with 400', async () => {
    for (const id of [UNKNOWN_PUBLIC_ID, 'RMP-lowercase', issued.id, 'hello']) {
      const response = await call.verify(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: UNKNOWN_CERTIFICATE } });
    }
    expect((await call.verify('R'.repeat(65))).statusCode).toBe(400);
  });

  it('draws an embeddable, cacheable badge of the status, and "not found" for an unknown id', async () => {
    for (const [id, label] of [
      [issued.certificateId, 'issued'],
      [pending.certificateId, 'pending'],
      [UNKNOWN_PUBLIC_ID, 'not found'],
    ] as const) {
      const response = await call.badge(id);
      expect(response.statusCode, id).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.body).toContain(`<title>Rampart certificate: ${label}</title>`);
      expectNothingElse(response.body);
      expect(response.body).not.toContain('Citadel');
    }
    for (const file of [`${issued.certificateId}.png`, 'bad%20id.svg', `${'A'.repeat(65)}.svg`]) {
      const response = await w.t.app.inject({ method: 'GET', url: `/badge/${file}` });
      expect(response.statusCode, file).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
  });
});
