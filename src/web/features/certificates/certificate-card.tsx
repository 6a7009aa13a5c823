import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Certificate } from '../../../shared/contracts/certificates';
import { openCertificatePopup } from '../../api/certificates/certificate-download';
import { CopyButton } from '../../components/copy-button';
import { CopyableId } from '../../components/copyable-id';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format-date';
import { CertificateStatusBadge } from './certificate-status-badge';

function openDownload(id: string): void {
  if (!openCertificatePopup(id)) {
    toast({ title: 'Popup Blocked', description: 'Please allow popups and try again.', variant: 'destructive' });
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

const dateOrDash = (iso: string | null) => (iso === null ? '–' : formatDate(iso));

/**
 * One certificate: its status and the figures it rests on, the QR code and public address anyone can
 * check it at, the PDF once issued, and (for staff) the decisions still open, passed in as `actions`.
 */
export function CertificateCard({
  certificate,
  headingLevel = 2,
  showOwner = false,
  actions,
}: {
  certificate: Certificate;
  headingLevel?: 2 | 3;
  showOwner?: boolean;
  actions?: ReactNode;
}) {
  return (
    <Card aria-label={`Certificate of ${certificate.serverName}`} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle level={headingLevel}>{certificate.serverName}</CardTitle>
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            Certificate <CopyableId id={certificate.id} label="certificate record id" />
          </p>
        </div>
        <CertificateStatusBadge status={certificate.status} />
      </CardHeader>
      <CardContent className="grid gap-6 sm:grid-cols-[1fr_auto]">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-3">
          <Fact label="Security score">{certificate.riskScore}/100</Fact>
          <Fact label="Critical issues">{certificate.criticalIssues}</Fact>
          <Fact label="CSU verification">{certificate.csulVerified ? 'Verified' : 'Pending'}</Fact>
          <Fact label="Valid from">{dateOrDash(certificate.validFrom)}</Fact>
          <Fact label="Valid until">{dateOrDash(certificate.validUntil)}</Fact>
          <Fact label="Audit completed">{dateOrDash(certificate.auditCompletedAt)}</Fact>
          {showOwner && <Fact label="Owner">{certificate.username ?? 'Unknown'}</Fact>}
          <Fact label="Checklist version">{certificate.checklistVersion}</Fact>
          {certificate.status === 'rejected' && certificate.rejectionReason !== null && (
            <div className="col-span-full grid gap-0.5">
              <dt className="text-xs text-muted-foreground">Reason for rejection</dt>
              <dd className="text-sm break-words">{certificate.rejectionReason}</dd>
            </div>
          )}
        </dl>
        <img
          src={certificate.qrCode}
          alt={`QR code of the public verification page of ${certificate.serverName}'s certificate`}
          width={128}
          height={128}
          className="size-32 rounded-md bg-white p-1"
        />
        <div className="grid gap-1 sm:col-span-2">
          <p className="text-xs text-muted-foreground">Public verification address</p>
          <div className="flex items-center gap-2">
            <a
              href={certificate.publicUrl}
              className="min-w-0 truncate font-mono text-xs text-primary underline-offset-4 hover:underline"
            >
              {certificate.publicUrl}
            </a>
            <CopyButton value={certificate.publicUrl} what="public URL" className="size-8" />
          </div>
        </div>
      </CardContent>
      {(certificate.status === 'issued' || actions !== undefined) && (
        <CardFooter className="flex-wrap gap-2">
          {certificate.status === 'issued' && (
            <Button variant="outline" onClick={() => openDownload(certificate.id)}>
              <Download aria-hidden="true" />
              Download
            </Button>
          )}
          {actions}
        </CardFooter>
      )}
    </Card>
  );
}
