import { Activity, Bot, Hash, ShieldAlert, ShieldCheck, ShoppingCart, Ticket, Users, UserCog } from 'lucide-react';
import { Link } from 'wouter';
import type { AuditUsage } from '../../../shared/contracts/audits';
import type { Server } from '../../../shared/contracts/servers';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../lib/utils';

export function ServerOverviewCard({ server }: { server: Server }) {
  const facts = [
    { label: 'Members', value: server.memberCount, icon: Users },
    { label: 'Roles', value: server.roleCount, icon: UserCog },
    { label: 'Channels', value: server.channelCount, icon: Hash },
    { label: 'Bots', value: server.botCount, icon: Bot },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Server Overview</CardTitle>
        <CardDescription className="truncate">{server.name}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-3">
          {facts.map(({ label, value, icon: Icon }) => (
            <div key={label} className="flex items-center gap-3 rounded-lg border bg-muted/30 p-3">
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
              <div>
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value.toLocaleString()}</dd>
              </div>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** Spec part 1 §2: 'Buy More Audits ($50)' appears once the quota is used up; the plan's limit is not shown. */
export function UsageCard({ usage }: { usage: AuditUsage }) {
  return (
    <Card className={cn(usage.canAudit ? 'border-success/40 bg-success/5' : 'border-orange-500/40 bg-orange-500/5')}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Ticket className={cn('size-4', usage.canAudit ? 'text-success' : 'text-orange-500')} aria-hidden="true" />
          Audit Usage
        </CardTitle>
        <CardDescription>
          {usage.canAudit
            ? `${usage.remaining === 1 ? '1 audit' : `${usage.remaining} audits`} remaining for this server.`
            : 'You have used every audit of your plan for this server.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">{usage.auditsUsed === 1 ? '1 audit used so far.' : `${usage.auditsUsed} audits used so far.`}</p>
        {!usage.canAudit && (
          <Button asChild className="justify-self-start">
            <Link href="/paywall">
              <ShoppingCart aria-hidden="true" />
              Buy More Audits ($50)
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The spec asks for static entries here; they are labelled as examples until an activity feed exists. */
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
  busy: boolean;
  onReAudit: () => void;
}

export function CriticalIssuesAlert({ count, busy, onReAudit }: CriticalIssuesAlertProps) {
  return (
    <Alert variant="destructive">
      <ShieldAlert aria-hidden="true" />
      <AlertTitle>{count === 1 ? '1 critical issue needs attention' : `${count} critical issues need attention`}</AlertTitle>
      <AlertDescription>Failed checks of critical or high severity leave your server open to takeover or abuse.</AlertDescription>
      <div className="col-start-2 mt-2 flex flex-wrap gap-2">
        <Button asChild size="sm" variant="destructive">
          <Link href="/audits">View Issues</Link>
        </Button>
        <Button size="sm" variant="outline" onClick={onReAudit} disabled={busy}>
          Run Re-Audit
        </Button>
      </div>
    </Alert>
  );
}
