import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Audit } from '../../../../shared/contracts/audits';
import { AuditStatusBadge } from '../audit-badges';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/format-date';

/** Created, completed, total checks and server id. */
export function AuditInfoCard({ audit, serverName }: { audit: Audit; serverName: string | undefined }) {
  const rows: [string, ReactNode][] = [
    ['Status', <AuditStatusBadge status={audit.status} />],
    ['Created', formatDateTime(audit.createdAt)],
    ['Completed', audit.completedAt === null ? 'Not yet' : formatDateTime(audit.completedAt)],
    ['Total checks', audit.totalChecks],
    ...(serverName === undefined ? [] : ([['Server', serverName]] as [string, ReactNode][])),
    ['Server ID', <span className="font-mono text-xs break-all">{audit.serverId}</span>],
    ['Audit ID', <span className="font-mono text-xs break-all">{audit.id}</span>],
  ];
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <Info className="size-4 text-primary" aria-hidden="true" />
          Audit Information
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
