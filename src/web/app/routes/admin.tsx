import { ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Button } from '../../components/ui/button';
import { CommerceSummaryCards } from '../../features/admin-commerce/commerce-summary-cards';
import { EntitlementsSection } from '../../features/admin-commerce/entitlements-section';
import { ServiceEngagementsSection } from '../../features/admin-commerce/service-engagements-section';
import { ActivitySection } from '../../features/admin-staff/activity-section';
import { CsuVerificationSection } from '../../features/admin-staff/csu-verification-section';
import { TestAccountsSection } from '../../features/admin-staff/test-accounts-section';
import { CouponsSection } from '../../features/coupons/coupons-section';
import { EvidenceDebug } from '../../features/evidence/review/evidence-debug';
import { EvidenceReviewPanel } from '../../features/evidence/review/evidence-review-panel';
import { EvidenceSummaryCards } from '../../features/evidence/review/evidence-summary-cards';
import { useReviewLiveUpdates } from '../../features/evidence/review/use-review-live-updates';
import { PendingCertificatesCard } from '../../features/certificates/pending-certificates-card';
import { StaffCertificateList } from '../../features/certificates/staff-certificate-list';
import { ADMIN_SECTION_IDS, ADMIN_SECTION_TITLES, type AdminSectionId } from './admin-sections';
import type { UserPageProps } from './page-props';

const EVIDENCE_TAB = 'evidence';
const EVIDENCE_SECTION: AdminSectionId = 'evidence-review';

function sectionContent(section: AdminSectionId) {
  switch (section) {
    case 'entitlements':
      return <EntitlementsSection />;
    case 'service-engagements':
      return <ServiceEngagementsSection />;
    case 'certificate-approval':
      return <StaffCertificateList headingLevel={3} />;
    case 'csu-verification':
      return <CsuVerificationSection />;
    case 'test-accounts':
      return <TestAccountsSection />;
    case 'evidence-review':
      return (
        <div className="grid gap-4">
          <Button asChild variant="outline" size="sm" className="w-fit">
            <Link href="/admin/evidence">
              <ExternalLink aria-hidden="true" />
              Open on its own page
            </Link>
          </Button>
          <EvidenceReviewPanel headingLevel={3} />
        </div>
      );
    case 'evidence-debug':
      return <EvidenceDebug />;
    case 'coupons':
      return <CouponsSection />;
    case 'activity':
      return <ActivitySection />;
  }
}

/** /admin (staff only): summary figures and one section per staff task; `?tab=evidence` opens Evidence Review. */
export default function AdminPage(_props: UserPageProps) {
  useReviewLiveUpdates();
  const tab = new URLSearchParams(useSearch()).get('tab');
  const [open, setOpen] = useState<string[]>(() => (tab === EVIDENCE_TAB ? [EVIDENCE_SECTION] : []));
  const evidenceSection = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (tab !== EVIDENCE_TAB) return;
    setOpen((current) => (current.includes(EVIDENCE_SECTION) ? current : [...current, EVIDENCE_SECTION]));
    evidenceSection.current?.scrollIntoView({ block: 'start' });
  }, [tab]);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Admin</h1>
        <p className="text-sm text-muted-foreground">
          Review evidence and, as they arrive, manage entitlements, engagements, certificates, accounts and coupons.
        </p>
      </header>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <EvidenceSummaryCards />
        <CommerceSummaryCards />
        <PendingCertificatesCard />
      </div>
      <Accordion type="multiple" value={open} onValueChange={setOpen} className="grid gap-3">
        {ADMIN_SECTION_IDS.map((section) => (
          <AccordionItem
            key={section}
            value={section}
            ref={section === EVIDENCE_SECTION ? evidenceSection : undefined}
            className="scroll-mt-20"
          >
            <AccordionTrigger>{ADMIN_SECTION_TITLES[section]}</AccordionTrigger>
            <AccordionContent>{sectionContent(section)}</AccordionContent>
          </AccordionItem>
        ))}
      </Accordion>
    </div>
  );
}
