import type { FastifyInstance } from 'fastify';
import { type AppConfig, ConfigError } from '../config.js';
import { startStripeSimulator } from '../../simulators/stripe/standalone.js';

/**
 * Demo mode: the Stripe simulator in this process, on its own port (stripe-node reaches an API at the
 * root of a host, so it cannot share the app's origin under a prefix). Its hosted page is opened by the
 * browser beside PUBLIC_URL; its webhooks come back to this app over loopback. Closed with the app.
 */
export async function serveStripeSimulator(app: FastifyInstance, config: AppConfig): Promise<void> {
  const simulator = config.stripe?.simulator;
  if (config.stripe === null || simulator === null || simulator === undefined) return;
  const running = await startStripeSimulator({
    port: simulator.port,
    host: config.host,
    publicBaseUrl: simulator.publicUrl,
    apiKey: config.stripe.secretKey,
    webhookSecret: config.stripe.webhookSecret,
    webhookUrl: `http://127.0.0.1:${config.port}/api/webhooks/stripe`,
  }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new ConfigError(
      `Port ${simulator.port}, where demo mode serves its Stripe simulator, is already in use. Set STRIPE_SIMULATOR_PORT to a free port.`,
    );
  });
  app.addHook('onClose', async () => running.close());
}
