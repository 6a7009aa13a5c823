import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { createMetrics } from './metrics.js';
import { countIncomingWebhook } from './webhook-metrics.js';

const metricsFor = () => createMetrics({ auditQueueDepth: async () => ({ pending: 0, running: 0 }) });

async function outcomesOf(metrics: ReturnType<typeof metricsFor>): Promise<Record<string, number>> {
  const { values } = await metrics.webhookDeliveries.get();
  return Object.fromEntries(values.map(({ labels, value }) => [`${labels.provider}:${labels.outcome}`, value]));
}

describe('countIncomingWebhook', () => {
  it('counts a delivery by what the handler reports, and lets refusals and errors through after counting them', async () => {
    const metrics = metricsFor();
    await countIncomingWebhook(metrics, 'stripe', async () => 'processed');
    await countIncomingWebhook(metrics, 'stripe', async () => 'duplicate');
    const refusal = new AppError('BAD_REQUEST', 'The IPN signature is missing or does not match.');
    await expect(countIncomingWebhook(metrics, 'nowpayments', () => Promise.reject(refusal))).rejects.toBe(refusal);
    const outage = new AppError('UPSTREAM_UNAVAILABLE', 'Stripe could not be asked about this event.');
    await expect(countIncomingWebhook(metrics, 'stripe', () => Promise.reject(outage))).rejects.toBe(outage);
    expect(await outcomesOf(metrics)).toEqual({
      'stripe:processed': 1,
      'stripe:duplicate': 1,
      'nowpayments:bad_signature': 1,
      'stripe:error': 1,
    });
  });
});
