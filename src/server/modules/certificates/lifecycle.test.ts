import { describe, expect, it } from 'vitest';
import { CERTIFICATE_ID_PATTERN, type StoredCertificateStatus } from '../../../shared/certificate-rules.js';
import { newCertificateId, REFUSED, refusalOf, type SyncFacts, syncActionFor, validityFrom } from './lifecycle.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const LATER = new Date('2027-06-01T12:00:00Z');
const EARLIER = new Date('2026-05-01T12:00:00Z');

describe('newCertificateId', () => {
  it('is RMP- and 26 base32 characters, different every time', () => {
    const ids = Array.from({ length: 200 }, () => newCertificateId());
    for (const id of ids) expect(id).toMatch(CERTIFICATE_ID_PATTERN);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('validityFrom', () => {
  it('lasts 365 days from the approval', () => {
    expect(validityFrom(NOW)).toEqual({ validFrom: NOW, validUntil: new Date('2027-06-01T12:00:00Z') });
  });
});

describe('refusalOf: every staff decision from every state', () => {
  const rows: {
    from: StoredCertificateStatus;
    validUntil?: Date;
    issued: string | null;
    revoked: string | null;
    rejected: string | null;
  }[] = [
    { from: 'pending', issued: null, revoked: REFUSED.revokeNotIssued('pending'), rejected: null },
    {
      from: 'issued',
      validUntil: LATER,
      issued: REFUSED.approveNotPending('issued'),
      revoked: null,
      rejected: REFUSED.rejectNotPending('issued'),
    },
    {
      from: 'issued',
      validUntil: EARLIER,
      issued: REFUSED.approveNotPending('expired'),
      revoked: REFUSED.revokeNotIssued('expired'),
      rejected: REFUSED.rejectNotPending('expired'),
    },
    ...(['rejected', 'revoked', 'superseded'] as const).map((from) => ({
      from,
      issued: REFUSED.approveNotPending(from),
      revoked: REFUSED.revokeNotIssued(from),
      rejected: REFUSED.rejectNotPending(from),
    })),
  ];
  for (const row of rows) {
    for (const decision of ['issued', 'revoked', 'rejected'] as const) {
      it(`${row.from}${row.validUntil === EARLIER ? ' (expired)' : ''} → ${decision}: ${row[decision] === null ? 'allowed' : 'refused'}`, () => {
        expect(refusalOf({ status: row.from, validUntil: row.validUntil ?? null }, decision, NOW)).toBe(row[decision]);
      });
    }
  }

  it('reads an issued certificate as expired from the instant its validity ends', () => {
    expect(refusalOf({ status: 'issued', validUntil: NOW }, 'revoked', NOW)).toBe(REFUSED.revokeNotIssued('expired'));
  });
});

describe('syncActionFor', () => {
  const facts = (change: Partial<SyncFacts>): SyncFacts => ({
    isLatest: true,
    eligible: true,
    own: null,
    otherPending: false,
    ...change,
  });
  const rows: { name: string; facts: SyncFacts; expected: ReturnType<typeof syncActionFor> }[] = [
    { name: 'the latest audit, eligible, no certificate: create', facts: facts({}), expected: { kind: 'create' } },
    {
      name: 'an older pending one does not stop a new one (it is superseded by create)',
      facts: facts({ otherPending: true }),
      expected: { kind: 'create' },
    },
    {
      name: 'an older audit, eligible, no certificate: nothing',
      facts: facts({ isLatest: false }),
      expected: { kind: 'none' },
    },
    { name: 'its own pending one takes new numbers', facts: facts({ own: 'pending' }), expected: { kind: 'refresh' } },
    { name: 'a withdrawn one comes back', facts: facts({ own: 'superseded' }), expected: { kind: 'revive' } },
    { name: 'an issued one stays as staff approved it', facts: facts({ own: 'issued' }), expected: { kind: 'none' } },
    { name: 'a rejected one stays rejected', facts: facts({ own: 'rejected' }), expected: { kind: 'none' } },
    { name: 'a revoked one stays revoked', facts: facts({ own: 'revoked' }), expected: { kind: 'none' } },
    {
      name: 'the latest audit no longer eligible: every pending one of the server is withdrawn',
      facts: facts({ eligible: false, own: 'pending' }),
      expected: { kind: 'withdraw', scope: 'all' },
    },
    {
      name: 'a newer audit that fails withdraws an older pending one',
      facts: facts({ eligible: false, otherPending: true }),
      expected: { kind: 'withdraw', scope: 'all' },
    },
    {
      name: 'an older audit no longer eligible withdraws only its own pending one',
      facts: facts({ isLatest: false, eligible: false, own: 'pending', otherPending: true }),
      expected: { kind: 'withdraw', scope: 'own' },
    },
    {
      name: 'not eligible, nothing pending: nothing',
      facts: facts({ eligible: false, own: 'issued' }),
      expected: { kind: 'none' },
    },
  ];
  it.each(rows)('$name', ({ facts: given, expected }) => expect(syncActionFor(given)).toEqual(expected));
});
