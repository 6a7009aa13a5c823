import { Award } from 'lucide-react';
import { useAllCertificates } from '../../api/certificates/certificates';
import { SummaryCard } from '../../components/summary-card';

/** The admin page's count of certificates waiting for a decision, from the list Certificate Approval shows. */
export function PendingCertificatesCard() {
  const certificates = useAllCertificates().data;
  const pending = certificates?.filter((certificate) => certificate.status === 'pending').length;
  return (
    <SummaryCard label="Pending Certificates" value={pending === undefined ? null : String(pending)} icon={Award} />
  );
}
