import {
  Award,
  Bell,
  CreditCard,
  FileSearch,
  LayoutDashboard,
  ShieldCheck,
  ShieldAlert,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** Spec part 1 §2, in this order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: LayoutDashboard },
  { label: 'Security Audits', href: '/audits', icon: ShieldCheck },
  { label: 'Evidence Reviews', href: '/evidence', icon: FileSearch },
  { label: 'Audit Certificates', href: '/certificates', icon: Award },
  { label: 'Notifications', href: '/notifications', icon: Bell },
  { label: 'Audit Tools', href: '/engineer', icon: Wrench },
  { label: 'Billing', href: '/billing', icon: CreditCard },
  { label: 'Admin', href: '/admin', icon: ShieldAlert, adminOnly: true },
];

export function navItemsFor(isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || item.adminOnly !== true);
}

/** An item stays highlighted on its sub-pages, e.g. Security Audits on /audits/42. */
export function isNavItemActive(href: string, pathname: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
