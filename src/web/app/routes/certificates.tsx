import { OwnerCertificate } from '../../features/certificates/owner-certificate';
import { StaffCertificateList } from '../../features/certificates/staff-certificate-list';
import type { UserPageProps } from './page-props';

/** /certificates: staff see every certificate and decide on them; an owner sees their first server's. */
export default function CertificatesPage({ user }: UserPageProps) {
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">
          {user.isAdmin ? 'Audit Certificates' : 'Your Security Certificate'}
        </h1>
        <p className="text-sm text-muted-foreground">
          {user.isAdmin
            ? 'Approve, reject or revoke the certificates servers have earned.'
            : 'Anyone can check your certificate at its public address or by scanning its QR code.'}
        </p>
      </header>
      {user.isAdmin ? <StaffCertificateList headingLevel={2} /> : <OwnerCertificate />}
    </div>
  );
}
