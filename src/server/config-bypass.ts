import { createHash, createHmac } from 'node:crypto';

/** The paywall's bypass codes, issued by staff out of band (BYPASS_CODES, comma-separated). */
export interface BypassConfig {
  /** SHA-256 of each accepted code: the codes themselves are not kept in memory. */
  codeDigests: readonly Buffer[];
  /**
   * Demo mode without BYPASS_CODES: the one code accepted, printed at start so a person can try the
   * Admin Login dialog. Null otherwise.
   */
  demoCode: string | null;
}

export function bypassCodeDigest(code: string): Buffer {
  return createHash('sha256').update(code.trim(), 'utf8').digest();
}

/**
 * Derived from the session secret so it stays the same across restarts of one demo and is not the same
 * for a demo served with a secret of its own.
 */
function demoBypassCode(sessionSecret: string): string {
  const digest = createHmac('sha256', sessionSecret).update('rampart-demo-bypass-code').digest('hex');
  return `DEMO-${digest.slice(0, 8).toUpperCase()}`;
}

export function loadBypassConfig(
  source: NodeJS.ProcessEnv,
  options: { demoMode: boolean; sessionSecret: string },
): BypassConfig {
  const configured = (source.BYPASS_CODES ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
  const demoCode = options.demoMode && configured.length === 0 ? demoBypassCode(options.sessionSecret) : null;
  const codes = demoCode === null ? configured : [demoCode];
  return { codeDigests: codes.map(bypassCodeDigest), demoCode };
}
