import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { listAllServersOptions } from '../../../api/servers/servers';
import { EvidenceRecords } from './evidence-records';
import { TestEvidenceForm } from './test-evidence-form';

/** The admin page's Evidence Debug section (under its h2): stored evidence records, and a tool to submit test evidence. */
export function EvidenceDebug() {
  const id = useId();
  const servers = useQuery(listAllServersOptions());
  return (
    <div className="grid gap-6">
      {servers.isError && (
        <p className="text-sm text-destructive">The servers could not be loaded. Please refresh the page.</p>
      )}
      <section className="grid gap-3" aria-labelledby={`${id}-records`}>
        <h3 id={`${id}-records`} className="font-semibold">
          Evidence records
        </h3>
        <EvidenceRecords servers={servers.data} serversLoading={servers.isPending} />
      </section>
      <section className="grid gap-3" aria-labelledby={`${id}-test`}>
        <h3 id={`${id}-test`} className="font-semibold">
          Test evidence
        </h3>
        <p className="text-sm text-muted-foreground">
          Submit evidence on a check of a completed audit, as its owner would; it opens a thread in Evidence Review.
        </p>
        <TestEvidenceForm servers={servers.data} />
      </section>
    </div>
  );
}
