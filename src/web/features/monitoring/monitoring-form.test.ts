import { describe, expect, it } from 'vitest';
import { INVALID_WEBHOOK_URL_MESSAGE } from '../../../shared/monitoring-rules';
import { formValuesOf, MonitoringFormSchema, monitoringChangeOf, THRESHOLD_MESSAGE } from './monitoring-form';

const WEBHOOK = 'https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz_0123';
const VALID = { enabled: true, cadence: 'weekly', scoreDropThreshold: 5, webhookUrl: '' } as const;

function firstError(input: unknown): string | undefined {
  const result = MonitoringFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('monitoring form', () => {
  it('fills from the settings, never with a webhook URL, and shows a paused monitoring switched off', () => {
    const settings = { enabled: true, pausedReason: null, cadence: 'daily', scoreDropThreshold: 12 } as const;
    expect(formValuesOf(settings)).toEqual({ enabled: true, cadence: 'daily', scoreDropThreshold: 12, webhookUrl: '' });
    expect(formValuesOf({ ...settings, pausedReason: 'bot_left' }).enabled).toBe(false);
  });

  it('accepts a Discord webhook URL or nothing, and refuses anything else with the shared message', () => {
    expect(firstError({ ...VALID, webhookUrl: ` ${WEBHOOK} ` })).toBeUndefined();
    expect(firstError(VALID)).toBeUndefined();
    for (const webhookUrl of ['https://example.com/api/webhooks/1/2', `${WEBHOOK}?wait=true`, 'discord']) {
      expect(firstError({ ...VALID, webhookUrl })).toBe(INVALID_WEBHOOK_URL_MESSAGE);
    }
  });

  it('keeps the threshold a whole number from 1 to 100', () => {
    for (const scoreDropThreshold of [1, 100]) expect(firstError({ ...VALID, scoreDropThreshold })).toBeUndefined();
    for (const scoreDropThreshold of [0, 101, 2.5, Number.NaN]) {
      expect(firstError({ ...VALID, scoreDropThreshold })).toBe(THRESHOLD_MESSAGE);
    }
  });

  it('sends the webhook only when one was typed, trimmed', () => {
    expect(monitoringChangeOf(VALID)).toEqual({ enabled: true, cadence: 'weekly', scoreDropThreshold: 5 });
    const parsed = MonitoringFormSchema.parse({ ...VALID, webhookUrl: ` ${WEBHOOK}` });
    expect(monitoringChangeOf(parsed)).toEqual({ ...VALID, webhookUrl: WEBHOOK });
  });
});
