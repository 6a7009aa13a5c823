import { AuditEvidenceList } from '../../features/evidence/audit-evidence-list';
import { EngineerScreen } from '../../features/engineer/engineer-screen';
import type { UserPageProps } from './page-props';

/** /engineer: owners act on their own servers, staff on any; the evidence feature fills Evidence Management. */
export default function EngineerPage({ user }: UserPageProps) {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight">Manual Audit Override</h1>
        <p className="text-sm text-muted-foreground">
          {user.isAdmin
            ? 'Override failed checks of any server with a reason; your decisions count toward the score and certification.'
            : "Override your server's failed checks with a reason, follow the DIY instructions, and see the evidence you submitted."}
        </p>
      </header>
      <EngineerScreen user={user} renderAuditEvidence={(auditId) => <AuditEvidenceList auditId={auditId} />} />
    </div>
  );
}
