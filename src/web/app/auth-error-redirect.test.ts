import { describe, expect, it } from 'vitest';
import { shouldLeaveAfterAuthError } from './auth-error-redirect';

describe('shouldLeaveAfterAuthError', () => {
  it('stays on /, /paywall and /about-our-audit', () => {
    expect(shouldLeaveAfterAuthError('/')).toBe(false);
    expect(shouldLeaveAfterAuthError('/paywall')).toBe(false);
    expect(shouldLeaveAfterAuthError('/about-our-audit')).toBe(false);
  });

  it('leaves every other page', () => {
    expect(shouldLeaveAfterAuthError('/dashboard')).toBe(true);
    expect(shouldLeaveAfterAuthError('/paywall/success')).toBe(true);
    expect(shouldLeaveAfterAuthError('/redeem')).toBe(true);
  });
});
