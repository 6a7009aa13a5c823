import { z } from 'zod';
import type { MonitoringSettings } from '../../../shared/contracts/monitoring';
import {
  INVALID_WEBHOOK_URL_MESSAGE,
  MAX_SCORE_DROP_THRESHOLD,
  MIN_SCORE_DROP_THRESHOLD,
  MONITORING_CADENCES,
  parseDiscordWebhookUrl,
} from '../../../shared/monitoring-rules';

export const THRESHOLD_MESSAGE = `Enter a whole number from ${MIN_SCORE_DROP_THRESHOLD} to ${MAX_SCORE_DROP_THRESHOLD}.`;

/**
 * The card's form. The webhook field starts empty (a stored URL is never sent back); left empty, the stored
 * webhook stays as it is, so saving the cadence never removes it.
 */
export const MonitoringFormSchema = z.object({
  enabled: z.boolean(),
  cadence: z.enum(MONITORING_CADENCES),
  scoreDropThreshold: z
    .number({ error: THRESHOLD_MESSAGE })
    .int(THRESHOLD_MESSAGE)
    .min(MIN_SCORE_DROP_THRESHOLD, THRESHOLD_MESSAGE)
    .max(MAX_SCORE_DROP_THRESHOLD, THRESHOLD_MESSAGE),
  webhookUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || parseDiscordWebhookUrl(value) !== null, INVALID_WEBHOOK_URL_MESSAGE),
});
export type MonitoringFormValues = z.output<typeof MonitoringFormSchema>;

/** The form as the stored settings fill it; a paused monitoring shows its switch off, to be switched back on. */
export function formValuesOf(
  settings: Pick<MonitoringSettings, 'enabled' | 'pausedReason' | 'cadence' | 'scoreDropThreshold'>,
): MonitoringFormValues {
  return {
    enabled: settings.enabled && settings.pausedReason === null,
    cadence: settings.cadence,
    scoreDropThreshold: settings.scoreDropThreshold,
    webhookUrl: '',
  };
}

/** The update request a submitted form makes: an empty webhook field leaves the stored webhook alone. */
export function monitoringChangeOf(values: MonitoringFormValues) {
  const { webhookUrl, ...rest } = values;
  return webhookUrl === '' ? rest : { ...rest, webhookUrl };
}
