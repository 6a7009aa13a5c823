/** Screens specified in part 1 and 2 that are not built yet; each shows a "coming soon" card in the shell. */
export interface PlaceholderRoute {
  path: string;
  title: string;
  description: string;
}

export const SHELL_PLACEHOLDERS: readonly PlaceholderRoute[] = [
  {
    path: '/audits/:id/evidence',
    title: 'Evidence Status',
    description: 'The evidence you submitted for this audit, with its review status and admin notes, will appear here.',
  },
  {
    path: '/evidence',
    title: 'Evidence Reviews',
    description:
      'All your evidence submissions across audits, with pending, approved and rejected counts, will appear here.',
  },
  {
    path: '/certificates',
    title: 'Audit Certificates',
    description: 'Certificates earned with a score of 90 or more and zero critical issues will appear here.',
  },
  {
    path: '/engineer',
    title: 'Manual Audit Override',
    description: 'Tools to override failed checks with evidence, plus DIY security instructions, will appear here.',
  },
  {
    path: '/billing',
    title: 'Billing and Payments',
    description: 'Per-server audit status, purchase options and your payment history will appear here.',
  },
  {
    path: '/notifications',
    title: 'Notifications',
    description: 'Updates about your audits and evidence reviews will appear here.',
  },
  {
    path: '/admin',
    title: 'Admin',
    description:
      'Entitlements, engagements, certificates, CSU verification, test accounts, evidence review and coupons will be managed here.',
  },
  {
    path: '/paywall/success',
    title: 'Payment Received',
    description: 'Your payment confirmation will appear here.',
  },
];
