import { eq } from 'drizzle-orm';
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { SIMULATED_NOWPAYMENTS_ACCOUNT } from '../../src/server/config-nowpayments.js';
import { orders, webhookEvents } from '../../src/server/db/schema-commerce.js';
import { entitlements } from '../../src/server/db/schema.js';
import type { CheckoutResponse } from '../../src/shared/contracts/payments.js';
import type { IpnDelivery } from '../../src/simulators/nowpayments/ipn.js';
import {
  type RunningNowPaymentsSimulator,
  startNowPaymentsSimulator,
} from '../../src/simulators/nowpayments/standalone.js';
import { createTestApp, sameOrigin, type TestApp } from './test-app.js';

export const CHECKOUT_PATH = '/api/paywall/checkout/nowpayments';
export const WEBHOOK_PATH = '/api/webhooks/nowpayments';

/** The simulator on a free port with the test account's keys; statuses step and IPNs retry within milliseconds. */
export function startTestNowPayments(): Promise<RunningNowPaymentsSimulator> {
  return startNowPaymentsSimulator({ ...SIMULATED_NOWPAYMENTS_ACCOUNT, stepMs: 20, ipnRetryDelaysMs: [20, 40] });
}

/** The app's settings for a simulator at `url`. */
export const nowPaymentsEnv = (url: string, ipnUrl?: string): Record<string, string> => ({
  NOWPAYMENTS_API_BASE: `${url}/v1`,
  ...(ipnUrl === undefined ? {} : { NOWPAYMENTS_IPN_URL: ipnUrl }),
});

/** A port nothing listens on right now (the app listens there next, so IPNs can name it before it starts). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}

export interface NowPaymentsWorld {
  t: TestApp;
  sim: RunningNowPaymentsSimulator;
  close(): Promise<void>;
}

/** The app listening on a real port, and the simulator posting its IPNs there over HTTP. */
export async function nowPaymentsWorld(env: Record<string, string> = {}): Promise<NowPaymentsWorld> {
  const sim = await startTestNowPayments();
  const port = await freePort();
  const t = await createTestApp({
    ...nowPaymentsEnv(sim.url, `http://127.0.0.1:${port}${WEBHOOK_PATH}`),
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    t,
    sim,
    close: async () => {
      await t.close();
      await sim.close();
    },
  };
}

export function checkout(t: TestApp, cookie: string | undefined, body: object) {
  return t.app.inject({ method: 'POST', url: CHECKOUT_PATH, headers: sameOrigin(cookie), payload: body });
}

export async function checkoutOk(t: TestApp, cookie: string, body: object): Promise<CheckoutResponse> {
  const response = await checkout(t, cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CheckoutResponse>();
}

/** Submits a button of the hosted invoice page as a browser would (a urlencoded form, then the 303). */
export async function pressOnInvoicePage(invoiceUrl: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(invoiceUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  expect(response.status).toBe(200);
  return response.text();
}

export async function orderRow(t: TestApp, orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (row === undefined) throw new Error(`no order ${orderId}`);
  return row;
}

export async function entitlementsOfServer(t: TestApp, serverId: string) {
  return t.database.db.select().from(entitlements).where(eq(entitlements.serverId, serverId));
}

export async function handledKeys(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'nowpayments'));
  return rows.map((row) => row.eventKey).sort();
}

/** Every IPN the simulator has sent, once the queued ones are delivered or dropped. */
export async function deliveries(sim: RunningNowPaymentsSimulator): Promise<IpnDelivery[]> {
  await sim.state.ipn.idle();
  return sim.state.ipn.log;
}

/** Polls until `check` passes (statuses step on timers), or fails with its last error. */
export async function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** Calls a `/__sim` control of the simulator. */
export async function control(sim: RunningNowPaymentsSimulator, path: string, body: object = {}): Promise<unknown> {
  const response = await fetch(`${sim.url}/__sim${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}
