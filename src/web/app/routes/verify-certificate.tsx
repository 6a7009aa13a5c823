import { SearchX } from 'lucide-react';
import { useParams } from 'wouter';
import { isUnknownCertificate, usePublicCertificate } from '../../api/certificates/public-certificate';
import { LoadError } from '../../components/load-error';
import { PublicPageLayout } from '../../components/public-page-layout';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { PublicCertificateView } from '../../features/certificates/public-certificate-view';
import type { PublicPageProps } from './page-props';

/** Holds the height of the answer while it is asked for, so the page does not jump when it arrives. */
function Checking() {
  return (
    <div
      role="status"
      aria-busy="true"
      className="flex min-h-[36rem] items-start justify-center gap-2 rounded-xl border border-dashed p-10 text-sm text-muted-foreground"
    >
      <Spinner className="size-4" />
      Checking the certificate...
    </div>
  );
}

function NotFound({ certificateId }: { certificateId: string }) {
  return (
    <Alert variant="destructive" role="alert">
      <SearchX aria-hidden="true" />
      <AlertTitle>Certificate not found</AlertTitle>
      <AlertDescription>
        Rampart has no certificate with the id <span className="font-mono break-all">{certificateId}</span>. Check that
        the address is complete; a certificate can only be verified by its exact id.
      </AlertDescription>
    </Alert>
  );
}

function Answer({ certificateId }: { certificateId: string }) {
  const certificate = usePublicCertificate(certificateId);
  if (certificate.isPending) return <Checking />;
  if (certificate.isError) {
    if (isUnknownCertificate(certificate.error)) return <NotFound certificateId={certificateId} />;
    return (
      <LoadError title="The certificate could not be checked right now." onRetry={() => void certificate.refetch()} />
    );
  }
  return <PublicCertificateView certificate={certificate.data} />;
}

/** /verify/:certificateId: anyone, signed in or not, checks whether a certificate is genuine and current. */
export default function VerifyCertificatePage(_props: PublicPageProps) {
  const certificateId = useParams<{ certificateId: string }>().certificateId;
  return (
    <PublicPageLayout width="max-w-2xl">
      <div className="grid gap-6">
        <header className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight">Certificate Verification</h1>
          <p className="text-sm text-muted-foreground">
            Whether a Rampart security certificate is genuine, and whether it still certifies its server.
          </p>
        </header>
        <Answer key={certificateId} certificateId={certificateId} />
      </div>
    </PublicPageLayout>
  );
}
