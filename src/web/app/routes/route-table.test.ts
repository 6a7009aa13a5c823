import { describe, expect, it } from 'vitest';
import {
  isNavItemActive,
  isPublicPath,
  mayOpen,
  navItemsFor,
  pathMatches,
  ROUTES,
  SIGNED_IN_ROUTES,
} from './route-table';

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

describe('staff pages', () => {
  it('opens /admin and /admin/evidence to staff only, with one nav entry', () => {
    for (const path of ['/admin', '/admin/evidence']) {
      const route = SIGNED_IN_ROUTES.find((candidate) => candidate.path === path);
      expect(route?.access, path).toBe('admin');
      if (route === undefined) continue;
      expect(mayOpen(route, false)).toBe(false);
      expect(mayOpen(route, true)).toBe(true);
    }
    expect(navItemsFor(true).filter((item) => item.href.startsWith('/admin'))).toHaveLength(1);
    expect(isNavItemActive('/admin', '/admin/evidence')).toBe(true);
  });
});

describe('public addresses', () => {
  it('match a param segment by any non-empty value, and nothing longer or shorter', () => {
    expect(pathMatches('/verify/:certificateId', '/verify/RMP-ABC')).toBe(true);
    expect(pathMatches('/verify/:certificateId', '/verify/')).toBe(false);
    expect(pathMatches('/verify/:certificateId', '/verify/RMP-ABC/more')).toBe(false);
    expect(pathMatches('/redeem', '/redeem')).toBe(true);
  });

  it('include the certificate verification page, which needs no sign-in', () => {
    expect(isPublicPath('/verify/RMP-ABC')).toBe(true);
    expect(isPublicPath('/redeem')).toBe(true);
    expect(isPublicPath('/certificates')).toBe(false);
  });
});
