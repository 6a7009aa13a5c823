import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/contracts/auth';
import type { Entitlement } from '../../../shared/contracts/entitlements';
import { entitlementsLoadFailed, signInRedirectTarget } from './sign-in-redirect';

const user: CurrentUser = {
  id: 'u1',
  discordId: '1100000000000000001',
  username: 'owner',
  discriminator: '0',
  globalName: null,
  avatar: null,
  isAdmin: false,
};
const entitlement: Entitlement = {
  id: 'e1',
  userId: 'u1',
  plan: 'DIY',
  source: 'stripe',
  paid: true,
  provider: 'stripe',
  amountUsd: 350,
  serverId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

describe('signInRedirectTarget', () => {
  it('keeps visitors on the landing page', () => {
    expect(signInRedirectTarget({ user: null, entitlements: undefined, justLoggedInAsAdmin: true })).toBeNull();
  });

  it('sends admins and fresh admin sign-ins to the dashboard without waiting for entitlements', () => {
    expect(
      signInRedirectTarget({ user: { ...user, isAdmin: true }, entitlements: undefined, justLoggedInAsAdmin: false }),
    ).toBe('/dashboard');
    expect(signInRedirectTarget({ user, entitlements: undefined, justLoggedInAsAdmin: true })).toBe('/dashboard');
  });

  it('waits while entitlements load', () => {
    expect(signInRedirectTarget({ user, entitlements: undefined, justLoggedInAsAdmin: false })).toBeNull();
  });

  it('sends users with an entitlement to the dashboard and others to the paywall', () => {
    expect(signInRedirectTarget({ user, entitlements: [entitlement], justLoggedInAsAdmin: false })).toBe('/dashboard');
    expect(signInRedirectTarget({ user, entitlements: [], justLoggedInAsAdmin: false })).toBe('/paywall');
  });
});

describe('entitlementsLoadFailed', () => {
  it('reports a failed entitlements load for a signed-in non-admin', () => {
    expect(entitlementsLoadFailed({ user, entitlements: undefined, entitlementsFailed: true })).toBe(true);
  });

  it('stays quiet while loading, after a successful load, for visitors and for admins', () => {
    expect(entitlementsLoadFailed({ user, entitlements: undefined, entitlementsFailed: false })).toBe(false);
    expect(entitlementsLoadFailed({ user, entitlements: [entitlement], entitlementsFailed: true })).toBe(false);
    expect(entitlementsLoadFailed({ user: null, entitlements: undefined, entitlementsFailed: true })).toBe(false);
    expect(entitlementsLoadFailed({ user: undefined, entitlements: undefined, entitlementsFailed: true })).toBe(false);
    expect(
      entitlementsLoadFailed({ user: { ...user, isAdmin: true }, entitlements: undefined, entitlementsFailed: true }),
    ).toBe(false);
  });

  it('leaves the redirect waiting when the load failed, so the page must explain', () => {
    expect(signInRedirectTarget({ user, entitlements: undefined, justLoggedInAsAdmin: false })).toBeNull();
  });
});
