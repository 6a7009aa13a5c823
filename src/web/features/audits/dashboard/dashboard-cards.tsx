import { Activity, Bot, ShieldAlert, ShieldCheck, ShoppingCart, Ticket } from 'lucide-react';
import { Fragment, useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { AuditUsage } from '../../../../shared/contracts/audits';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { usageMessage } from '../audit-usage';
import { cn } from '../../../lib/utils';

interface UsageCardProps {
  usage: AuditUsage;
  /** The page's 'Buy More Audits' checkout for this server, shown in place of the link to the paywall. */
  buyExtraAudit?: ReactNode;
}

/** Green while audits remain, orange otherwise, with what to do next; the plan's limit is not shown. */
export function UsageCard({ usage, buyExtraAudit }: UsageCardProps) {
  const titleId = useId();
  const message = usageMessage(usage);
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className={cn(message.canAudit ? 'border-success/40 bg-success/5' : 'border-orange-500/40 bg-orange-500/5')}
    >
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-base">
          <Ticket className={cn('size-4', message.canAudit ? 'text-success' : 'text-orange-500')} aria-hidden="true" />
          Audit Usage
        </CardTitle>
        <CardDescription>{message.headline}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {message.detail !== null && <p className="text-muted-foreground">{message.detail}</p>}
        {message.actions.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {message.actions.map((action, index) =>
              action.buysExtraAudit === true && buyExtraAudit !== undefined ? (
                <Fragment key={action.label}>{buyExtraAudit}</Fragment>
              ) : (
                <Button key={action.href} asChild variant={index === 0 ? 'default' : 'outline'}>
                  <Link href={action.href}>
                    {action.href === '/redeem' ? <Ticket aria-hidden="true" /> : <ShoppingCart aria-hidden="true" />}
                    {action.label}
                  </Link>
                </Button>
              ),
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Static entries, labelled as examples until an activity feed exists. */
const EXAMPLE_ACTIVITY = [
  { text: 'Security audit completed', when: '2 hours ago', icon: ShieldCheck },
  { text: 'Bot permissions reviewed', when: '1 day ago', icon: Bot },
  { text: 'Critical issue resolved', when: '3 days ago', icon: ShieldAlert },
];

export function RecentActivityCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Activity className="size-4 text-primary" aria-hidden="true" />
          Recent Activity
        </CardTitle>
        <CardDescription>Examples of what will appear here once the activity feed is live.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {EXAMPLE_ACTIVITY.map(({ text, when, icon: Icon }) => (
            <li key={text} className="flex items-center gap-3 text-sm text-muted-foreground">
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              <span className="flex-1">{text}</span>
              <span className="text-xs">{when}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function AdminControlsCard() {
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldAlert className="size-4 text-primary" aria-hidden="true" />
          Admin Controls
        </CardTitle>
        <CardDescription>Entitlements, engagements, certificates, evidence reviews and coupons.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href="/admin">Open Admin</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

interface CriticalIssuesAlertProps {
  count: number;
  /** The checklist filtered to these issues. */
  issuesHref: string;
  busy: boolean;
  onReAudit: () => void;
}

export function CriticalIssuesAlert({ count, issuesHref, busy, onReAudit }: CriticalIssuesAlertProps) {
  return (
    <Alert variant="destructive">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>
        {count === 1 ? '1 critical issue needs attention' : `${count} critical issues need attention`}
      </AlertTitle>
      <AlertDescription>
        Failed checks of critical or high severity leave your server open to takeover or abuse.
      </AlertDescription>
      <div className="col-start-2 mt-2 flex flex-wrap gap-2">
        <Button asChild size="sm" variant="destructive">
          <Link href={issuesHref}>View Issues</Link>
        </Button>
        <Button size="sm" variant="outline" onClick={onReAudit} disabled={busy}>
          Run Re-Audit
        </Button>
      </div>
    </Alert>
  );
}
