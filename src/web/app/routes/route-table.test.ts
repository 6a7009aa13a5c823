import { describe, expect, it } from 'vitest';
import { isNavItemActive, navItemsFor, ROUTES } from './route-table';

describe('navItemsFor', () => {
  it('lists the admin link for admins only', () => {
    const labels = (isAdmin: boolean) => navItemsFor(isAdmin).map((item) => item.label);
    expect(labels(false)).toEqual([
      'Dashboard',
      'Security Audits',
      'Evidence Reviews',
      'Audit Certificates',
      'Notifications',
      'Audit Tools',
      'Billing',
    ]);
    expect(labels(true).at(-1)).toBe('Admin');
  });
});

describe('isNavItemActive', () => {
  it('highlights an item on its page and sub-pages only', () => {
    expect(isNavItemActive('/audits', '/audits')).toBe(true);
    expect(isNavItemActive('/audits', '/audits/42/evidence')).toBe(true);
    expect(isNavItemActive('/audits', '/auditsx')).toBe(false);
    expect(isNavItemActive('/evidence', '/audits/42/evidence')).toBe(false);
  });
});

describe('ROUTES', () => {
  it('declares each path once', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
