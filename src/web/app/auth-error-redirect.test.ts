import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authKeys } from '../api/auth/current-user';
import { forgetSessionData, shouldLeaveAfterAuthError } from './auth-error-redirect';

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

describe('forgetSessionData', () => {
  it('drops cached data and resets the current user', async () => {
    const client = new QueryClient();
    client.setQueryData(authKeys.currentUser, { username: 'someone' });
    client.setQueryData(['/api/servers'], [{ id: 's1' }]);
    await forgetSessionData(client);
    expect(client.getQueryData(['/api/servers'])).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: ['/api/servers'] })).toBeUndefined();
    expect(client.getQueryData(authKeys.currentUser)).toBeUndefined();
  });
});
