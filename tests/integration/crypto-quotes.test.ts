import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cryptoQuotes } from '../../src/server/db/schema-commerce.js';
import { storeQuote } from '../../src/server/modules/crypto-subscriptions/quotes.js';
import type { CryptoQuote } from '../../src/shared/contracts/crypto-subscriptions.js';
import type { PaywallQuoteResponse } from '../../src/shared/contracts/payments.js';
import { cryptoWorld, type CryptoWorld, errorOf, post } from '../helpers/crypto.js';
import { userIdOf } from '../helpers/evidence.js';
import { DEMO, sameOrigin } from '../helpers/test-app.js';

/**
 * Quotes from the simulated CoinGecko feed (ETH 3012.45, SOL 151.2 USD): rounded up to the display decimals,
 * made unique among open quotes by an offset in the last digit, stored for 30 minutes.
 */

let w: CryptoWorld;
beforeAll(async () => {
  w = await cryptoWorld();
});
afterAll(async () => w?.close());
afterEach(async () => {
  await post(`${w.prices.url}/__sim/prices`, { usd: { ethereum: 3012.45, solana: 151.2 }, rateLimited: false });
});

/** A null cookie is a visitor. */
const monthQuote = (usdAmount: string, cookie: string | null = w.c.olivia) =>
  w.t.app.inject({
    method: 'GET',
    url: `/api/crypto-subscriptions/quote/${usdAmount}`,
    headers: cookie === null ? {} : { cookie },
  });
const planQuote = (body: object, cookie: string | null = w.c.olivia) =>
  w.t.app.inject({
    method: 'POST',
    url: '/api/paywall/quote',
    headers: sameOrigin(cookie ?? undefined),
    payload: body,
  });

describe('GET /api/crypto-subscriptions/quote/{usdAmount}', () => {
  it('lists a month at the feed’s rate, rounded up: SOL 2 decimals, ETH 4, USDC 1:1', async () => {
    const response = await monthQuote('50');
    expect(response.statusCode).toBe(200);
    const quote = response.json<CryptoQuote>();
    // 50 / 151.2 = 0.3306… → 0.34; 50 / 3012.45 = 0.016598… → 0.0166.
    expect(quote).toMatchObject({ solAmount: '0.34', ethAmount: '0.0166', usdcAmount: '50.00' });
    const month = Date.parse(quote.nextPaymentDate) - w.clock.now().getTime();
    expect(month).toBeGreaterThan(27 * 86_400_000);
    expect(month).toBeLessThan(32 * 86_400_000);
  });

  it('sells only the monitoring price: other amounts and non-numbers are 400', async () => {
    for (const amount of ['49', '350', '0', 'fifty']) {
      const response = await monthQuote(amount);
      expect(response.statusCode, amount).toBe(400);
      expect(errorOf(response).code).toBe('BAD_REQUEST');
    }
  });

  it('asks a visitor to sign in (401)', async () => {
    expect((await monthQuote('50', null)).statusCode).toBe(401);
  });

  it('answers 502 when the feed refuses', async () => {
    await post(`${w.prices.url}/__sim/prices`, { rateLimited: true });
    const response = await monthQuote('50');
    expect(response.statusCode).toBe(502);
    expect(errorOf(response)).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
  });
});

describe('POST /api/paywall/quote', () => {
  it('prices a plan rounded up to the display decimals plus the smallest free offset, stored for 30 minutes', async () => {
    // 350 / 3012.45 = 0.1161845… → 0.116185, and the offset makes it 0.116186.
    const response = await planQuote({ plan: 'DIY', currency: 'ETH' });
    expect(response.statusCode).toBe(200);
    const quote = response.json<PaywallQuoteResponse>();
    expect(quote).toMatchObject({
      plan: 'DIY',
      currency: 'ETH',
      usdAmount: 350,
      amount: '0.116186',
      priceUsd: 3012.45,
    });
    const [stored] = await w.t.database.db
      .select()
      .from(cryptoQuotes)
      .where(eq(cryptoQuotes.amountDisplay, '0.116186'));
    expect(stored).toMatchObject({
      currency: 'ETH',
      usdCents: 35_000,
      amountBase: '116186000000000000',
      priceUsd: '3012.45',
    });
    expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBe(30 * 60_000);
  });

  it('rounds an exact division up by nothing and still adds the offset; SOL has 3 decimals, USDC 2', async () => {
    await post(`${w.prices.url}/__sim/prices`, { usd: { ethereum: 2000, solana: 100 } });
    const eth = (await planQuote({ plan: 'EXTRA_AUDIT', currency: 'ETH' })).json<PaywallQuoteResponse>();
    expect(eth.amount).toBe('0.025001');
    const sol = (await planQuote({ plan: 'FULL', currency: 'SOL' })).json<PaywallQuoteResponse>();
    expect(sol).toMatchObject({ usdAmount: 1000, amount: '10.001' });
    const usdc = (await planQuote({ plan: 'DIY', currency: 'USDC-SPL' })).json<PaywallQuoteResponse>();
    expect(usdc).toMatchObject({ amount: '350.01', priceUsd: 1 });
  });

  it('gives concurrent quotes of one currency different amounts, each one offset above the rounded price', async () => {
    const olivia = await userIdOf(w.t, DEMO.olivia);
    const quotes = await Promise.all(
      Array.from({ length: 12 }, () =>
        storeQuote(w.t.database.db, {
          userId: olivia,
          currency: 'SOL',
          usdCents: 5_000,
          prices: { ETH: '3012.45', SOL: '151.2' },
          now: w.clock.now(),
        }),
      ),
    );
    // 50 / 151.2 = 0.33068… → 0.331; offsets 1 to 12 in the third decimal.
    const thousandths = quotes.map((quote) => Math.round(Number(quote.amountDisplay) * 1000)).sort((a, b) => a - b);
    expect(thousandths).toEqual(Array.from({ length: 12 }, (_, index) => 332 + index));

    // Through HTTP at once: Eddie and Ada get the next free amounts; Olivia is answered her own held quote.
    const answers = await Promise.all(
      [w.c.olivia, w.c.eddie, w.c.ada].map((cookie) => planQuote({ plan: 'EXTRA_AUDIT', currency: 'SOL' }, cookie)),
    );
    const [olivias, ...others] = answers.map((response) => response.json<PaywallQuoteResponse>().amount);
    expect(quotes.map((quote) => quote.amountDisplay)).toContain(olivias);
    expect(others.sort()).toEqual(['0.344', '0.345']);
  });

  it('answers the same quote to a caller who asks again while it has most of its life left', async () => {
    const first = (await planQuote({ plan: 'DIY', currency: 'USDC-ERC20' })).json<PaywallQuoteResponse>();
    const again = (await planQuote({ plan: 'DIY', currency: 'USDC-ERC20' })).json<PaywallQuoteResponse>();
    expect(again).toEqual(first);
    const someoneElse = (
      await planQuote({ plan: 'DIY', currency: 'USDC-ERC20' }, w.c.eddie)
    ).json<PaywallQuoteResponse>();
    expect(someoneElse.amount).not.toBe(first.amount);
    const stored = await w.t.database.db.select().from(cryptoQuotes).where(eq(cryptoQuotes.currency, 'USDC-ERC20'));
    expect(stored).toHaveLength(2);
  });

  it('frees an amount once its quote has expired (and its grace has passed)', async () => {
    await post(`${w.prices.url}/__sim/prices`, { usd: { ethereum: 4000 } });
    const first = (await planQuote({ plan: 'FULL', currency: 'ETH' })).json<PaywallQuoteResponse>();
    const second = (await planQuote({ plan: 'FULL', currency: 'ETH' }, w.c.eddie)).json<PaywallQuoteResponse>();
    expect([first.amount, second.amount]).toEqual(['0.250001', '0.250002']);
    w.clock.advanceDays(1 / 24);
    const later = (await planQuote({ plan: 'FULL', currency: 'ETH' })).json<PaywallQuoteResponse>();
    w.clock.advanceDays(-1 / 24);
    expect(later.amount).toBe('0.250001');
  });

  it('refuses unknown plans and currencies (400) and visitors (401)', async () => {
    expect((await planQuote({ plan: 'GOLD', currency: 'ETH' })).statusCode).toBe(400);
    expect((await planQuote({ plan: 'DIY', currency: 'BTC' })).statusCode).toBe(400);
    expect((await planQuote({ plan: 'DIY' })).statusCode).toBe(400);
    expect((await planQuote({ plan: 'DIY', currency: 'ETH' }, null)).statusCode).toBe(401);
  });
});
