import {
  Award,
  Bell,
  CreditCard,
  FileSearch,
  LayoutDashboard,
  ShieldAlert,
  ShieldCheck,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '../../../shared/contracts/auth';
import type { Access } from '../../../shared/contracts/endpoint';
import { lazyPage, type LazyPage } from '../../lib/lazy-page';
import type { PublicPageProps, UserPageProps } from './page-props';

export interface NavEntry {
  label: string;
  icon: LucideIcon;
  /** Listed for staff only; the page itself follows `access`. */
  adminOnly?: boolean;
}

interface RouteBase {
  path: string;
  title: string;
  nav?: NavEntry;
}

/** Anyone may open it, outside the shell. */
export interface PublicRoute extends RouteBase {
  access: 'public';
  page: LazyPage<PublicPageProps>;
}

/** Asks for what a page shows first, as soon as the user is known, in parallel with the page's code. */
export type PrefetchPageData = (client: QueryClient, user: CurrentUser) => Promise<void>;

/** Signed-in users only (staff only for `admin`); a visitor gets the landing page instead. */
export type SignedInRoute = RouteBase & {
  access: Exclude<Access, 'public'>;
  /** `bare` pages have their own header; `shell` pages sit in the sidebar layout. */
  layout: 'bare' | 'shell';
} & (
    | { page: LazyPage<UserPageProps>; loadPrefetch?: () => Promise<PrefetchPageData> }
    /** A screen not built yet: the shell shows a "coming soon" card with this description. */
    | { comingSoon: string }
  );

export type AppRoute = PublicRoute | SignedInRoute;

/** Also what a visitor sees at any address that needs a signed-in user. */
export const LandingPage = lazyPage(() => import('./landing'));

/**
 * Every page of the app, in nav order where they have a nav entry. A page's code is loaded when it
 * is first shown, so the landing page does not carry the signed-in screens.
 */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', title: 'Rampart', access: 'public', page: LandingPage },
  { path: '/about-our-audit', title: 'About Our Audit', access: 'public', page: lazyPage(() => import('./about')) },
  { path: '/redeem', title: 'Redeem a Coupon', access: 'public', page: lazyPage(() => import('./redeem')) },
  {
    path: '/verify/:certificateId',
    title: 'Certificate Verification',
    access: 'public',
    page: lazyPage(() => import('./verify-certificate')),
  },
  {
    path: '/paywall',
    title: 'Choose Your Audit Plan',
    access: 'user',
    layout: 'bare',
    page: lazyPage(() => import('./paywall')),
  },
  {
    path: '/dashboard',
    title: 'Dashboard',
    access: 'user',
    layout: 'shell',
    nav: { label: 'Dashboard', icon: LayoutDashboard },
    page: lazyPage(() => import('./dashboard')),
    loadPrefetch: () =>
      import('../../features/audits/dashboard/prefetch-dashboard').then((module) => module.prefetchDashboard),
  },
  {
    path: '/audits',
    title: 'Security Audits',
    access: 'user',
    layout: 'shell',
    nav: { label: 'Security Audits', icon: ShieldCheck },
    page: lazyPage(() => import('./audits')),
  },
  {
    path: '/evidence',
    title: 'Evidence Reviews',
    access: 'user',
    layout: 'shell',
    nav: { label: 'Evidence Reviews', icon: FileSearch },
    page: lazyPage(() => import('./evidence')),
  },
  {
    path: '/evidence/threads/:id',
    title: 'Evidence Discussion',
    access: 'user',
    layout: 'shell',
    page: lazyPage(() => import('./evidence-thread')),
  },
  {
    path: '/certificates',
    title: 'Audit Certificates',
    access: 'user',
    layout: 'shell',
    nav: { label: 'Audit Certificates', icon: Award },
    page: lazyPage(() => import('./certificates')),
  },
  {
    path: '/notifications',
    title: 'Notifications',
    access: 'user',
    layout: 'shell',
    nav: { label: 'Notifications', icon: Bell },
    page: lazyPage(() => import('./notifications')),
  },
  {
    path: '/engineer',
    title: 'Manual Audit Override',
    access: 'user',
    layout: 'shell',
    nav: { label: 'Audit Tools', icon: Wrench },
    page: lazyPage(() => import('./engineer')),
  },
  {
    path: '/billing',
    title: 'Billing and Payments',
    access: 'user',
    layout: 'shell',
    nav: { label: 'Billing', icon: CreditCard },
    page: lazyPage(() => import('./billing')),
  },
  {
    path: '/admin',
    title: 'Admin',
    access: 'admin',
    layout: 'shell',
    nav: { label: 'Admin', icon: ShieldAlert, adminOnly: true },
    page: lazyPage(() => import('./admin')),
  },
  {
    path: '/admin/evidence',
    title: 'Evidence Review',
    access: 'admin',
    layout: 'shell',
    page: lazyPage(() => import('./admin-evidence')),
  },
  {
    path: '/audits/:id',
    title: 'Security Audit Results',
    access: 'user',
    layout: 'shell',
    page: lazyPage(() => import('./audit-results')),
  },
  {
    path: '/audits/:id/evidence',
    title: 'Evidence Status',
    access: 'user',
    layout: 'shell',
    page: lazyPage(() => import('./audit-evidence')),
  },
  {
    path: '/paywall/success',
    title: 'Payment Received',
    access: 'user',
    layout: 'shell',
    page: lazyPage(() => import('./paywall-success')),
  },
];

export const PUBLIC_ROUTES = ROUTES.filter((route): route is PublicRoute => route.access === 'public');
export const SIGNED_IN_ROUTES = ROUTES.filter((route): route is SignedInRoute => route.access !== 'public');

/** Whether a route's path (`/verify/:certificateId`) matches an address's pathname, one segment per param. */
export function pathMatches(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/');
  const given = pathname.split('/');
  return (
    wanted.length === given.length &&
    wanted.every((segment, index) => (segment.startsWith(':') ? given[index] !== '' : segment === given[index]))
  );
}

/** An address of a page anyone may open (the signed-in shell is not needed there). */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_ROUTES.some((route) => pathMatches(route.path, pathname));
}

export interface NavItem extends NavEntry {
  href: string;
}

export function navItemsFor(isAdmin: boolean): NavItem[] {
  return ROUTES.flatMap((route) =>
    route.nav !== undefined && (isAdmin || route.nav.adminOnly !== true) ? [{ ...route.nav, href: route.path }] : [],
  );
}

/** An item stays highlighted on its sub-pages, e.g. Security Audits on /audits/42. */
export function isNavItemActive(href: string, pathname: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * Loads the code of the page at a static path, and of its prefetch, if there is one, e.g. before redirecting
 * there. The prefetch's code is asked first: the page's data waits for it, and the browser sends requests
 * to one server a few at a time, in the order they were made.
 */
export function preloadPage(path: string): Promise<void> {
  const route = ROUTES.find((candidate) => candidate.path === path);
  if (route === undefined || !('page' in route)) return Promise.resolve();
  const prefetch = 'loadPrefetch' in route ? route.loadPrefetch?.() : undefined;
  return Promise.all([prefetch, route.page.preload()]).then(() => undefined);
}

/** Starts the prefetch of the signed-in page at a static path, if it has one. */
export function prefetchPageData(path: string, client: QueryClient, user: CurrentUser): Promise<void> {
  const route = SIGNED_IN_ROUTES.find((candidate) => candidate.path === path);
  if (route === undefined || !('loadPrefetch' in route) || route.loadPrefetch === undefined) return Promise.resolve();
  return route.loadPrefetch().then((prefetch) => prefetch(client, user));
}

/** Staff-only pages show "not found" to anyone else, as if they did not exist. */
export function mayOpen(route: SignedInRoute, isAdmin: boolean): boolean {
  return route.access !== 'admin' || isAdmin;
}
