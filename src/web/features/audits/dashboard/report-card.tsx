import { FileDown, FileText } from 'lucide-react';
import type { AuditWithChecks } from '../../../../shared/contracts/audits';
import { CheckStatusBadge, SeverityBadge } from '../audit-badges';
import { useReportActions } from '../use-report-actions';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { LoadingStatus } from '../../../components/loading-status';
import { reportChecks } from '../audit-summary';
import { useIsMobile } from '../../../lib/use-media-query';
import { NoAuditData } from './no-audit-data';

function CheckLines({ title, checks }: { title: string; checks: AuditWithChecks['checkResults'] }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {checks.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="grid gap-1.5">
          {checks.map((check) => (
            <li key={check.id} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">{check.checkName}</span>
              <SeverityBadge severity={check.severity} />
              <CheckStatusBadge status={check.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Small screens read the report in the page (first 5 passed, all failed) and save the PDF as a file. */
function ReportDialog({ audit }: { audit: AuditWithChecks }) {
  const report = useReportActions();
  const { passed, failed } = reportChecks(audit.checkResults);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>
          <FileText aria-hidden="true" />
          View Report
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Security Report</DialogTitle>
          <DialogDescription>
            Score {audit.riskScore ?? 0}/100 · {audit.passedChecks} passed · {audit.failedChecks} failed
          </DialogDescription>
        </DialogHeader>
        <CheckLines title="Failed checks" checks={failed} />
        <CheckLines title="Passed checks (first 5)" checks={passed} />
        <Button variant="outline" onClick={() => void report.download(audit.id)} disabled={report.isDownloading}>
          {report.isDownloading ? <Spinner className="size-4 text-current" /> : <FileDown aria-hidden="true" />}
          Download PDF
        </Button>
      </DialogContent>
    </Dialog>
  );
}

export function ReportCard({ audit, loading }: { audit: AuditWithChecks | undefined; loading: boolean }) {
  const isMobile = useIsMobile();
  const report = useReportActions();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <FileText className="size-4 text-primary" aria-hidden="true" />
          Security Report
        </CardTitle>
        <CardDescription>A PDF of the latest audit to share with your team.</CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <LoadingStatus label="Loading the report..." className="py-0" />
        ) : audit === undefined ? (
          <NoAuditData />
        ) : isMobile ? (
          <ReportDialog audit={audit} />
        ) : (
          <Button onClick={() => report.openPopup(audit.id)}>
            <FileDown aria-hidden="true" />
            Download PDF
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
