import type { MonitoringSettings } from '../../../shared/contracts/monitoring';
import { CADENCE_LABEL } from '../../../shared/monitoring-rules';

export type MonitoringStatus =
  | { kind: 'active'; cadenceLabel: string; nextRunAt: string | null }
  | { kind: 'off' }
  | { kind: 'paused' }
  | { kind: 'not-eligible' };

export const PAUSED_MESSAGE =
  'Monitoring stopped because the Rampart bot left this server. Invite it again, then switch monitoring back on.';

export const NOT_ELIGIBLE_MESSAGE = 'Monitoring needs the monthly monitoring subscription ($50/month)';

/**
 * What the card's status line says. Eligibility comes first (nothing else matters without it), then a pause
 * (the bot left: monitoring is stopped whatever the switch says), then whether the scheduler acts on it.
 */
export function monitoringStatus(
  settings: Pick<MonitoringSettings, 'eligibility' | 'pausedReason' | 'active' | 'cadence' | 'nextRunAt'>,
): MonitoringStatus {
  if (!settings.eligibility.subscription && !settings.eligibility.staff) return { kind: 'not-eligible' };
  if (settings.pausedReason !== null) return { kind: 'paused' };
  if (settings.active) {
    return { kind: 'active', cadenceLabel: CADENCE_LABEL[settings.cadence], nextRunAt: settings.nextRunAt };
  }
  return { kind: 'off' };
}
