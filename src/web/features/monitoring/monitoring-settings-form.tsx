import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Send, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { MonitoringSettings } from '../../../shared/contracts/monitoring';
import {
  CADENCE_LABEL,
  MAX_SCORE_DROP_THRESHOLD,
  MIN_SCORE_DROP_THRESHOLD,
  MONITORING_CADENCES,
} from '../../../shared/monitoring-rules';
import { useSendTestAlert, useUpdateMonitoring } from '../../api/monitoring/monitoring-mutations';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { Switch } from '../../components/ui/switch';
import { toast } from '../../components/ui/use-toast';
import { failureMessage } from '../../lib/api-errors';
import { formValuesOf, MonitoringFormSchema, monitoringChangeOf, type MonitoringFormValues } from './monitoring-form';
import { FieldError } from '../../components/field-error';

/**
 * The owner's choices: on or off, daily or weekly, the score drop that raises an alert, and the Discord
 * webhook alerts are posted to. A failed save keeps what was typed; a stored webhook shows only its hint.
 */
export function MonitoringSettingsForm({ settings }: { settings: MonitoringSettings }) {
  const id = useId();
  const form = useForm<MonitoringFormValues>({
    resolver: zodResolver(MonitoringFormSchema),
    defaultValues: formValuesOf(settings),
    // Checked when a field is left, then again as it is corrected: a stale error that vanished only on the next
    // blur would move the buttons under the pointer between press and release.
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const update = useUpdateMonitoring(settings.serverId);
  const removeWebhook = useUpdateMonitoring(settings.serverId);
  const testAlert = useSendTestAlert(settings.serverId);

  const save = form.handleSubmit((values) =>
    update.mutate(monitoringChangeOf(values), {
      onSuccess: (stored) => {
        form.reset(formValuesOf(stored));
        toast({ title: 'Monitoring settings saved', variant: 'success' });
      },
      onError: (error) => toast({ title: 'Saving failed', description: failureMessage(error), variant: 'destructive' }),
    }),
  );

  const remove = () =>
    removeWebhook.mutate(
      { webhookUrl: null },
      {
        onSuccess: () => toast({ title: 'Webhook removed', variant: 'success' }),
        onError: (error) =>
          toast({ title: 'Removing failed', description: failureMessage(error), variant: 'destructive' }),
      },
    );

  const sendTest = () =>
    testAlert.mutate(undefined, {
      onSuccess: () => toast({ title: 'Test alert sent', variant: 'success' }),
      onError: (error) =>
        toast({ title: 'Test alert failed', description: failureMessage(error), variant: 'destructive' }),
    });

  return (
    <form noValidate aria-label="Monitoring settings" className="grid gap-5" onSubmit={(event) => void save(event)}>
      <div className="flex items-center justify-between gap-4">
        <div className="grid gap-0.5">
          <Label htmlFor={`${id}-enabled`}>Monitor this server</Label>
          <p id={`${id}-enabled-hint`} className="text-xs text-muted-foreground">
            Re-audit it on a schedule and alert you when its security gets worse.
          </p>
        </div>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              id={`${id}-enabled`}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={`${id}-enabled-hint`}
            />
          )}
        />
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">How often</legend>
        <div className="flex flex-wrap gap-4">
          {MONITORING_CADENCES.map((cadence) => (
            <div key={cadence} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                id={`${id}-cadence-${cadence}`}
                value={cadence}
                {...form.register('cadence')}
                className="size-4 accent-[var(--color-primary)]"
              />
              <Label htmlFor={`${id}-cadence-${cadence}`}>{CADENCE_LABEL[cadence]}</Label>
            </div>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-threshold`}>Alert when the score drops by at least N points</Label>
        <Input
          id={`${id}-threshold`}
          type="number"
          inputMode="numeric"
          min={MIN_SCORE_DROP_THRESHOLD}
          max={MAX_SCORE_DROP_THRESHOLD}
          step={1}
          className="w-28"
          {...form.register('scoreDropThreshold', { valueAsNumber: true })}
          aria-invalid={errors.scoreDropThreshold !== undefined}
          aria-describedby={`${id}-threshold-hint ${id}-threshold-error`}
        />
        <p id={`${id}-threshold-hint`} className="text-xs text-muted-foreground">
          A newly failing critical or high check raises an alert too.
        </p>
        <FieldError id={`${id}-threshold-error`} message={errors.scoreDropThreshold?.message} />
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-webhook`}>Discord webhook URL</Label>
        <Input
          id={`${id}-webhook`}
          type="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://discord.com/api/webhooks/…"
          className="font-mono"
          {...form.register('webhookUrl')}
          aria-invalid={errors.webhookUrl !== undefined}
          aria-describedby={`${id}-webhook-hint ${id}-webhook-error`}
        />
        <p id={`${id}-webhook-hint`} className="text-xs break-all text-muted-foreground">
          {settings.webhook.configured
            ? `Alerts are posted to ${settings.webhook.hint ?? 'the stored webhook'}. Paste another URL to replace it.`
            : 'Optional: alerts are also posted to this Discord channel.'}
        </p>
        <FieldError id={`${id}-webhook-error`} message={errors.webhookUrl?.message} />
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Spinner className="size-4 text-current" /> : <Save aria-hidden="true" />}
          {update.isPending ? 'Saving...' : 'Save monitoring settings'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={sendTest}
          disabled={!settings.webhook.configured || testAlert.isPending}
        >
          {testAlert.isPending ? <Spinner className="size-4 text-current" /> : <Send aria-hidden="true" />}
          Send test alert
        </Button>
        {settings.webhook.configured && (
          <Button type="button" variant="ghost" onClick={remove} disabled={removeWebhook.isPending}>
            <Trash2 aria-hidden="true" />
            Remove webhook
          </Button>
        )}
      </div>
    </form>
  );
}
