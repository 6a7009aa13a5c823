import { Construction } from 'lucide-react';

/** The admin page's sections in the spec's order; those of later issues say so until they arrive. */
export const ADMIN_SECTION_IDS = [
  'entitlements',
  'service-engagements',
  'certificate-approval',
  'csu-verification',
  'test-accounts',
  'evidence-review',
  'evidence-debug',
  'coupons',
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
};

type LaterSectionId = Exclude<
  AdminSectionId,
  'entitlements' | 'service-engagements' | 'certificate-approval' | 'evidence-review' | 'evidence-debug' | 'coupons'
>;

/** What each section not built yet will hold. */
export const LATER_SECTIONS: Record<LaterSectionId, string> = {
  'csu-verification': "One row per server, to approve or deny its owner's cold super user account, with notes.",
  'test-accounts': 'Test accounts to list, create and delete.',
};

export function LaterSection({ description }: { description: string }) {
  return (
    <div className="flex items-start gap-3 text-sm">
      <Construction className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-medium">Arrives with a later release.</p>
        <p className="text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}
