import { AppError } from '../errors.js';
import type { Metrics } from './metrics.js';

/** What became of a verified delivery: acted on, or recognised as one already handled. */
export type WebhookOutcome = 'processed' | 'duplicate';

/**
 * Counts one incoming webhook delivery by how it ended. A 400 is a delivery we refused to believe (no
 * signature, a wrong one, or a body it does not sign): counted as `bad_signature`. Anything else thrown
 * (the provider's API unreachable, a database error) is an `error`, which the provider will deliver again.
 */
export async function countIncomingWebhook(
  metrics: Metrics,
  provider: 'stripe' | 'nowpayments',
  receive: () => Promise<WebhookOutcome>,
): Promise<void> {
  const count = (outcome: WebhookOutcome | 'bad_signature' | 'error') =>
    metrics.webhookDeliveries.inc({ direction: 'incoming', provider, outcome });
  try {
    count(await receive());
  } catch (error) {
    count(error instanceof AppError && error.code === 'BAD_REQUEST' ? 'bad_signature' : 'error');
    throw error;
  }
}
