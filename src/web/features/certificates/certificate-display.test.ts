import { describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUSES } from '../../../shared/certificate-rules';
import { badgeEmbedSnippet, laterAuditText, publicVerdict } from './certificate-display';

describe('publicVerdict', () => {
  it('calls only an issued certificate valid', () => {
    const tones = Object.fromEntries(CERTIFICATE_STATUSES.map((status) => [status, publicVerdict({ status }).tone]));
    expect(tones).toEqual({
      pending: 'invalid',
      issued: 'valid',
      rejected: 'invalid',
      revoked: 'invalid',
      superseded: 'lapsed',
      expired: 'lapsed',
    });
  });

  it('names the status in its headline', () => {
    expect(publicVerdict({ status: 'revoked' }).headline).toBe('Certificate revoked');
    expect(publicVerdict({ status: 'expired' }).headline).toBe('Certificate expired');
    expect(publicVerdict({ status: 'issued' }).explanation).toContain('genuine');
  });
});

describe('laterAuditText', () => {
  it('tells apart no later audit, one that meets the bar and one that does not', () => {
    expect(laterAuditText(null)).toBe('No later audit of this server has completed.');
    expect(laterAuditText(true)).toMatch(/^Yes: .*90 or more with no critical issues/);
    expect(laterAuditText(false)).toMatch(/^No: /);
  });
});

describe('badgeEmbedSnippet', () => {
  it('links the badge image to the public page on the given origin', () => {
    expect(badgeEmbedSnippet('https://rampart.example', 'RMP-ABC')).toBe(
      '<a href="https://rampart.example/verify/RMP-ABC"><img src="https://rampart.example/badge/RMP-ABC.svg" alt="Rampart security certificate status" height="20"></a>',
    );
  });
});
