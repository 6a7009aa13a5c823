import { Award, Ban, Check, X } from 'lucide-react';
import { useState } from 'react';
import type { Certificate } from '../../../shared/contracts/certificates';
import { useAllCertificates, useDecideCertificate } from '../../api/certificates/certificates';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';
import { CertificateCard } from './certificate-card';
import { RejectCertificateDialog } from './reject-certificate-dialog';
import { RevokeCertificateDialog } from './revoke-certificate-dialog';

interface Pending {
  action: 'reject' | 'revoke';
  certificate: Certificate;
}

function ApproveButton({ certificate }: { certificate: Certificate }) {
  const approve = useDecideCertificate({
    onSuccess: () =>
      toast({
        title: 'Certificate Updated',
        description: `The certificate of ${certificate.serverName} is issued.`,
        variant: 'success',
      }),
    onError: (error) => toast({ title: 'Update Failed', description: failureMessage(error), variant: 'destructive' }),
  });
  return (
    <Button
      disabled={approve.isPending}
      aria-label={`Approve the certificate of ${certificate.serverName}`}
      onClick={() => approve.mutate({ id: certificate.id, status: 'issued' })}
    >
      {approve.isPending ? <Spinner className="size-4 text-current" /> : <Check aria-hidden="true" />}
      Approve
    </Button>
  );
}

/** The decisions staff may take on a pending certificate, else on an issued one (part 2 §4). */
function StaffActions({ certificate, onAsk }: { certificate: Certificate; onAsk: (pending: Pending) => void }) {
  if (certificate.status === 'pending') {
    return (
      <>
        <ApproveButton certificate={certificate} />
        <Button
          variant="outline"
          aria-label={`Reject the certificate of ${certificate.serverName}`}
          onClick={() => onAsk({ action: 'reject', certificate })}
        >
          <X aria-hidden="true" />
          Reject
        </Button>
      </>
    );
  }
  return (
    <Button
      variant="outline"
      aria-label={`Revoke the certificate of ${certificate.serverName}`}
      onClick={() => onAsk({ action: 'revoke', certificate })}
    >
      <Ban aria-hidden="true" />
      Revoke
    </Button>
  );
}

/**
 * Every certificate with staff's decisions on it: the certificates page for staff and the admin page's
 * Certificate Approval section.
 */
export function StaffCertificateList({ headingLevel }: { headingLevel: 2 | 3 }) {
  const certificates = useAllCertificates();
  const [pending, setPending] = useState<Pending | null>(null);

  if (certificates.isPending) return <LoadingStatus label="Loading certificates..." />;
  if (certificates.isError) {
    return <LoadError title="The certificates could not be loaded." onRetry={() => void certificates.refetch()} />;
  }
  if (certificates.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center text-sm">
        <Award className="size-8 text-muted-foreground" aria-hidden="true" />
        <p className="text-base font-semibold">No Certificates Found</p>
        <p className="text-muted-foreground">
          A certificate appears here, pending your approval, when an audit scores 90 or more with zero critical issues.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {certificates.data.map((certificate) => (
        <CertificateCard
          key={certificate.id}
          certificate={certificate}
          headingLevel={headingLevel}
          showOwner
          actions={
            certificate.status === 'pending' || certificate.status === 'issued' ? (
              <StaffActions certificate={certificate} onAsk={setPending} />
            ) : undefined
          }
        />
      ))}
      <RejectCertificateDialog
        certificate={pending?.action === 'reject' ? pending.certificate : null}
        onClose={() => setPending(null)}
      />
      <RevokeCertificateDialog
        certificate={pending?.action === 'revoke' ? pending.certificate : null}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
