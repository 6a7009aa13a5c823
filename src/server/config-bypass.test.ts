import { describe, expect, it } from 'vitest';
import { bypassCodeDigest, loadBypassConfig } from './config-bypass.js';

const DEMO = { demoMode: true, sessionSecret: 'rampart-demo-mode-secret-not-for-production-use' };
const PRODUCTION = { demoMode: false, sessionSecret: 'p'.repeat(40) };

describe('loadBypassConfig', () => {
  it('keeps only the SHA-256 of each configured code, trimmed, and no demo code', () => {
    const config = loadBypassConfig({ BYPASS_CODES: ' first-code , ,SECOND ' }, DEMO);
    expect(config.demoCode).toBeNull();
    expect(config.codeDigests).toEqual([bypassCodeDigest('first-code'), bypassCodeDigest('SECOND')]);
    expect(config.codeDigests.map((digest) => digest.toString('utf8'))).not.toContain('first-code');
  });

  it('in demo mode without codes, accepts one code derived from the session secret, the same at every start', () => {
    const config = loadBypassConfig({}, DEMO);
    expect(config.demoCode).toMatch(/^DEMO-[0-9A-F]{8}$/);
    expect(loadBypassConfig({}, DEMO).demoCode).toBe(config.demoCode);
    expect(config.codeDigests).toEqual([bypassCodeDigest(config.demoCode ?? '')]);
    expect(loadBypassConfig({}, { ...DEMO, sessionSecret: 'another-secret-of-at-least-32-chars' }).demoCode).not.toBe(
      config.demoCode,
    );
  });

  it('accepts no code at all in production without BYPASS_CODES', () => {
    expect(loadBypassConfig({}, PRODUCTION)).toEqual({ codeDigests: [], demoCode: null });
  });
});
