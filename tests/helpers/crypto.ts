import type { LightMyRequestResponse } from 'fastify';
import { DEMO_RECIPIENTS } from '../../src/server/config-chain.js';
import {
  startEthereumSimulator,
  startPriceSimulator,
  startSolanaSimulator,
} from '../../src/simulators/chains/standalone.js';
import type { CryptoCurrency } from '../../src/shared/commerce-rules.js';
import type { CryptoSubscription, PaymentDetails } from '../../src/shared/contracts/crypto-subscriptions.js';
import { GUILDS, serverId } from './audits.js';
import { testClock } from './evidence.js';
import { createTestApp, DEMO, sameOrigin } from './test-app.js';

export const RECIPIENT = DEMO_RECIPIENTS;

/**
 * The app with the price feed and both chains as simulators on their own ports (reached over HTTP through
 * the same clients as production), a movable clock, and two owners: Olivia (Pixel Plaza) and Eddie (Study Hall).
 */
export async function cryptoWorld() {
  const [prices, eth, sol] = await Promise.all([
    startPriceSimulator(),
    startEthereumSimulator(),
    startSolanaSimulator(),
  ]);
  const clock = testClock();
  const t = await createTestApp(
    {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      PRICE_FEED_URL: `${prices.url}/api/v3`,
      ETH_RPC_URL: eth.url,
      SOL_RPC_URL: sol.url,
    },
    { now: clock.now },
  );
  const c = { olivia: await t.signIn(DEMO.olivia), eddie: await t.signIn(DEMO.eddie), ada: await t.signIn(DEMO.ada) };
  const pixelPlaza = await serverId(t, c.olivia, GUILDS.typical);
  const studyHall = await serverId(t, c.eddie, GUILDS.studyHall);
  /** Another of Olivia's servers: an unpaid subscription is answered again per server and currency. */
  const wildWest = await serverId(t, c.olivia, GUILDS.dangerous);
  return {
    t,
    prices,
    eth,
    sol,
    clock,
    c,
    pixelPlaza,
    studyHall,
    wildWest,
    close: async () => {
      await t.close();
      await Promise.all([prices.close(), eth.close(), sol.close()]);
    },
  };
}
export type CryptoWorld = Awaited<ReturnType<typeof cryptoWorld>>;

export async function post(url: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Sends on the simulated Ethereum (from its wallet unless `from` is given); returns the hash. */
export async function sendEth(w: CryptoWorld, transfer: object): Promise<string> {
  return String((await post(`${w.eth.url}/__sim/transfer`, { to: RECIPIENT.ethereum, ...transfer })).hash);
}
export const mineEth = (w: CryptoWorld, n = 1) => post(`${w.eth.url}/__sim/mine?n=${n}`, {});

/** Sends on the simulated Solana; returns the base58 signature. */
export async function sendSol(w: CryptoWorld, transfer: object): Promise<string> {
  return String((await post(`${w.sol.url}/__sim/transfer`, { to: RECIPIENT.solana, ...transfer })).signature);
}
export const advanceSlots = (w: CryptoWorld, n = 1) => post(`${w.sol.url}/__sim/slot?n=${n}`, {});

export function createSubscription(
  w: CryptoWorld,
  cookie: string | undefined,
  body: { currency: CryptoCurrency | string; usdAmount?: number; serverId: string },
) {
  return w.t.app.inject({
    method: 'POST',
    url: '/api/crypto-subscriptions',
    headers: sameOrigin(cookie),
    payload: { usdAmount: 50, ...body },
  });
}

/** A subscription of Olivia's on Pixel Plaza (or the given caller and server), with what to pay. */
export async function subscribe(
  w: CryptoWorld,
  currency: CryptoCurrency,
  as: { cookie: string; serverId: string } = { cookie: w.c.olivia, serverId: w.pixelPlaza },
): Promise<{ subscription: CryptoSubscription; paymentDetails: PaymentDetails }> {
  const response = await createSubscription(w, as.cookie, { currency, serverId: as.serverId });
  if (response.statusCode !== 201) throw new Error(`subscribing answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

export function pay(w: CryptoWorld, cookie: string | undefined, subscriptionId: string, transactionHash: string) {
  return w.t.app.inject({
    method: 'POST',
    url: `/api/crypto-subscriptions/${subscriptionId}/pay`,
    headers: sameOrigin(cookie),
    payload: { transactionHash },
  });
}

/** The quoted amount in base units, from the decimal string shown to the customer. */
export function baseUnitsOf(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

export const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string } }>().error;
