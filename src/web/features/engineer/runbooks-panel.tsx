import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import type { Runbook } from '../../../shared/contracts/engineer';
import { useRunbooks } from '../../api/engineer/engineer';
import { LoadError } from '../../components/load-error';
import { LoadingStatus } from '../../components/loading-status';
import { MarkdownContent } from '../../components/markdown-content';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Button } from '../../components/ui/button';

function RunbookList({ runbooks, onOpen }: { runbooks: Runbook[]; onOpen: (id: string) => void }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label="Runbooks">
      {runbooks.map((runbook) => (
        <li key={runbook.id} className="grid gap-1 rounded-lg border p-3 text-sm">
          <p className="text-xs font-medium text-muted-foreground">{runbook.category}</p>
          <p className="font-medium">{runbook.title}</p>
          <p className="text-muted-foreground">{runbook.description}</p>
          <Button variant="link" size="sm" className="h-auto w-fit p-0" onClick={() => onOpen(runbook.id)}>
            Open the steps<span className="sr-only"> for {runbook.title}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** DIY Security Instructions: every runbook, then the 20-point checklist with each check's steps. */
export function RunbooksPanel() {
  const runbooks = useRunbooks();
  const [open, setOpen] = useState<string[]>([]);
  if (runbooks.isPending) return <LoadingStatus label="Loading the runbooks..." />;
  if (runbooks.isError) {
    return <LoadError title="The runbooks could not be loaded." onRetry={() => void runbooks.refetch()} />;
  }
  if (runbooks.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-lg border border-dashed p-6 text-center text-sm">
        <BookOpen className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">No runbooks available</p>
      </div>
    );
  }
  const openRunbook = (id: string) => {
    setOpen((current) => (current.includes(id) ? current : [...current, id]));
    requestAnimationFrame(() => document.getElementById(`runbook-${id}`)?.scrollIntoView({ block: 'start' }));
  };
  return (
    <div className="grid gap-6">
      <section aria-labelledby="runbook-list" className="grid gap-3">
        <h2 id="runbook-list" className="text-lg font-semibold">
          Runbooks
        </h2>
        <RunbookList runbooks={runbooks.data} onOpen={openRunbook} />
      </section>
      <section aria-labelledby="checklist-steps" className="grid gap-3">
        <h2 id="checklist-steps" className="text-lg font-semibold">
          The {runbooks.data.length}-point checklist
        </h2>
        <Accordion type="multiple" value={open} onValueChange={setOpen} className="grid gap-2">
          {runbooks.data.map((runbook, index) => (
            <AccordionItem key={runbook.id} value={runbook.id} id={`runbook-${runbook.id}`} className="scroll-mt-20">
              <AccordionTrigger headingLevel={3}>
                <span className="tabular-nums text-muted-foreground">{index + 1}.</span> {runbook.title}
              </AccordionTrigger>
              <AccordionContent>
                <MarkdownContent source={runbook.content} headingLevel={3} />
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
    </div>
  );
}
