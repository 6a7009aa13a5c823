import { Radar } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { MonitoringSettings } from '../../../shared/contracts/monitoring';
import { useSetStaffMonitoring } from '../../api/monitoring/monitoring-mutations';
import { useMonitoring } from '../../api/monitoring/monitoring-queries';
import { LoadError } from '../../components/load-error';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { MonitoringSettingsForm } from './monitoring-settings-form';
import { monitoringStatus, NOT_ELIGIBLE_MESSAGE, PAUSED_MESSAGE } from './monitoring-status';

function StatusLine({ settings }: { settings: MonitoringSettings }) {
  const status = monitoringStatus(settings);
  switch (status.kind) {
    case 'active':
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="success">Active</Badge>
          <span>
            {status.cadenceLabel} audits;{' '}
            {status.nextRunAt === null
              ? 'the next one is being scheduled.'
              : `next audit at ${formatDateTime(status.nextRunAt)}.`}
          </span>
        </p>
      );
    case 'off':
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="outline">Off</Badge>
          <span className="text-muted-foreground">This server is audited only when you run an audit.</span>
        </p>
      );
    case 'paused':
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="destructive">Paused</Badge>
          <span>{PAUSED_MESSAGE}</span>
        </p>
      );
    case 'not-eligible':
      return (
        <p className="text-sm">
          {NOT_ELIGIBLE_MESSAGE}.{' '}
          <Link href="/paywall" className="text-primary underline underline-offset-4">
            See the plans
          </Link>
        </p>
      );
  }
}

/** Staff may switch monitoring on for a server that has no subscription (and off again). */
function StaffMonitoringSwitch({ settings }: { settings: MonitoringSettings }) {
  const id = useId();
  const staff = useSetStaffMonitoring(settings.serverId);
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-dashed p-3">
      <Label htmlFor={`${id}-staff`}>Enable monitoring for this server (staff)</Label>
      <Switch
        id={`${id}-staff`}
        checked={settings.eligibility.staff}
        disabled={staff.isPending}
        onCheckedChange={(staffEnabled) =>
          staff.mutate(staffEnabled, {
            onError: (error) =>
              toast({
                title: 'Changing monitoring failed',
                description: failureMessage(error),
                variant: 'destructive',
              }),
          })
        }
      />
    </div>
  );
}

function MonitoringSkeleton() {
  return (
    <div className="grid gap-4">
      <p role="status" className="sr-only">
        Loading monitoring settings...
      </p>
      <div className="h-5 w-2/3 animate-pulse rounded bg-muted" aria-hidden="true" />
      <div className="h-40 animate-pulse rounded-lg bg-muted/60" aria-hidden="true" />
    </div>
  );
}

/** "Continuous Monitoring" for one server: its status, the owner's settings, and staff's switch. */
export function MonitoringCard({ serverId, isAdmin }: { serverId: string; isAdmin: boolean }) {
  const settings = useMonitoring(serverId);
  const eligible = settings.data !== undefined && monitoringStatus(settings.data).kind !== 'not-eligible';
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Radar className="size-4 text-primary" aria-hidden="true" />
          Continuous Monitoring
        </CardTitle>
        <CardDescription>Scheduled re-audits, with an alert when the score drops.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {settings.isPending && <MonitoringSkeleton />}
        {settings.isError && (
          <LoadError title="Monitoring settings could not be loaded." onRetry={() => void settings.refetch()} />
        )}
        {settings.data !== undefined && (
          <>
            <StatusLine settings={settings.data} />
            {eligible && <MonitoringSettingsForm key={serverId} settings={settings.data} />}
            {isAdmin && <StaffMonitoringSwitch settings={settings.data} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
