/** The admin page's sections in the spec's order, then Activity (the audit trail of staff actions). */
export const ADMIN_SECTION_IDS = [
  'entitlements',
  'service-engagements',
  'certificate-approval',
  'csu-verification',
  'test-accounts',
  'evidence-review',
  'evidence-debug',
  'coupons',
  'activity',
] as const;
export type AdminSectionId = (typeof ADMIN_SECTION_IDS)[number];

export const ADMIN_SECTION_TITLES: Record<AdminSectionId, string> = {
  entitlements: 'Entitlements',
  'service-engagements': 'Service Engagements',
  'certificate-approval': 'Certificate Approval',
  'csu-verification': 'CSU Verification',
  'test-accounts': 'Test Accounts',
  'evidence-review': 'Evidence Review',
  'evidence-debug': 'Evidence Debug',
  coupons: 'Coupons',
  activity: 'Activity',
};
