import Fastify from 'fastify';
import { stripeSimulator, type StripeSimulatorOptions } from './plugin.js';
import { StripeSimulatorState } from './state.js';

export interface StandaloneStripeOptions extends Omit<StripeSimulatorOptions, 'publicBaseUrl' | 'state'> {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Where browsers reach it; defaults to the address it listens on. */
  publicBaseUrl?: string;
}

export interface RunningStripeSimulator {
  /** Origin without a trailing slash: the API at `${url}/v1`, hosted pages at `${url}/c/pay/…`. */
  url: string;
  state: StripeSimulatorState;
  close(): Promise<void>;
}

/** Runs the simulator on its own server, at the root of its origin as stripe-node expects. */
export async function startStripeSimulator(options: StandaloneStripeOptions): Promise<RunningStripeSimulator> {
  const { port = 0, host = '127.0.0.1', publicBaseUrl, now = Date.now, ...plugin } = options;
  const server = Fastify({ logger: false });
  const state = new StripeSimulatorState(publicBaseUrl ?? '', now);
  await server.register(stripeSimulator, { ...plugin, now, publicBaseUrl: state.publicBaseUrl, state });
  await server.listen({ port, host });
  const address = server.server.address();
  if (address === null || typeof address === 'string') {
    await server.close();
    throw new Error('The Stripe simulator did not get a TCP address');
  }
  const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${hostname}:${address.port}`;
  // The hosted page's address is known only once the port is.
  state.publicBaseUrl = publicBaseUrl ?? url;
  return { url, state, close: () => server.close() };
}
