import type { FastifyInstance } from 'fastify';
import { nowPaymentsSimulator } from '../../simulators/nowpayments/plugin.js';
import { NOWPAYMENTS_SIMULATOR_PREFIX, type NowPaymentsConfig } from '../config-nowpayments.js';

/**
 * Demo mode: the NOWPayments simulator in this very process, under NOWPAYMENTS_SIMULATOR_PREFIX, with the
 * API key and IPN secret the app is configured with. Buyers open its invoice pages at PUBLIC_URL.
 */
export async function serveNowPaymentsSimulator(
  app: FastifyInstance,
  settings: NowPaymentsConfig,
  publicUrl: string,
): Promise<void> {
  await app.register(nowPaymentsSimulator, {
    prefix: NOWPAYMENTS_SIMULATOR_PREFIX,
    apiKey: settings.apiKey,
    ipnSecret: settings.ipnSecret,
    publicBase: `${publicUrl}${NOWPAYMENTS_SIMULATOR_PREFIX}`,
  });
}
