import { Bot, Play } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';

/** 'Run New Audit' has no action yet and 'Invite Bot' only logs. */
export function QuickActions() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      {/* A label, not a heading: the sidebar comes before the page's h1 and must not outrank it. */}
      <p id={titleId} className="px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        Quick actions
      </p>
      <Button variant="secondary" className="justify-start">
        <Play aria-hidden="true" />
        Run New Audit
      </Button>
      <Button
        variant="outline"
        className="justify-start"
        onClick={() => console.info('Invite Bot: choose a server on Security Audits to invite the bot.')}
      >
        <Bot aria-hidden="true" />
        Invite Bot
      </Button>
    </section>
  );
}
