import { Award } from 'lucide-react';
import { useServerCertificate } from '../../api/certificates/certificates';
import { useServers } from '../../api/servers/servers';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CertificateCard } from './certificate-card';

function NoCertificate() {
  return (
    <Card>
      <CardHeader className="items-center text-center">
        <Award className="size-10 text-muted-foreground" aria-hidden="true" />
        <CardTitle>No Certificate Available</CardTitle>
        <CardDescription>
          A certificate is earned with a security audit score of 90 or more and zero critical issues. Run an audit once
          your server meets that bar; staff then review and approve it.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/** The certificate of the user's first server, as the dashboard shows that server (part 2 §2). */
export function OwnerCertificate() {
  const servers = useServers({ enabled: true });
  const serverId = servers.data?.[0]?.id;
  const certificate = useServerCertificate(serverId);

  if (servers.isPending || (serverId !== undefined && certificate.isPending)) {
    return <LoadingStatus label="Loading your certificate..." />;
  }
  if (servers.isError)
    return <LoadError title="Your servers could not be loaded." onRetry={() => void servers.refetch()} />;
  if (certificate.isError) {
    return <LoadError title="Your certificate could not be loaded." onRetry={() => void certificate.refetch()} />;
  }
  if (certificate.data === undefined || certificate.data === null) return <NoCertificate />;
  return <CertificateCard certificate={certificate.data} />;
}
