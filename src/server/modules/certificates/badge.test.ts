import { describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUSES } from '../../../shared/certificate-rules.js';
import { badgeSvg } from './badge.js';

describe('badgeSvg', () => {
  it.each([...CERTIFICATE_STATUSES, 'not found' as const])(
    'says "Rampart | %s" to eyes and screen readers',
    (label) => {
      const svg = badgeSvg(label);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" [^>]*role="img"/);
      expect(svg).toContain(`aria-label="Rampart certificate: ${label}"`);
      expect(svg).toContain(`<title>Rampart certificate: ${label}</title>`);
      expect(svg).toContain('>Rampart</text>');
      expect(svg).toContain(`>${label}</text>`);
    },
  );

  it('is green only for an issued certificate', () => {
    const fill = (label: Parameters<typeof badgeSvg>[0]) =>
      /<rect x="\d+"[^>]*fill="(#[0-9a-f]{6})"/.exec(badgeSvg(label))?.[1];
    expect(fill('issued')).toBe('#15803d');
    for (const other of ['pending', 'expired', 'revoked', 'rejected', 'superseded', 'not found'] as const)
      expect(fill(other)).not.toBe('#15803d');
  });
});
