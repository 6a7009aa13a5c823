import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CRYPTO_BASE_DECIMALS, MONITORING_USD } from '../../src/shared/commerce-rules.js';
import type { CryptoSubscription, PaymentDetails } from '../../src/shared/contracts/crypto-subscriptions.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { THEME_STORAGE_KEY } from '../../src/web/lib/theme.js';
import { getJson, postJson } from './support/api.js';
import { useBrowser } from './support/browser.js';
import { expectPath, signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();

/** Where demo mode serves the simulated Ethereum node's test controls (the simulated wallet sends through them). */
const ETHEREUM_SIMULATOR = '/_sim/ethereum/__sim';

interface PayAnswer {
  verified: boolean;
  pending: boolean;
  message: string;
  subscription: CryptoSubscription;
}

/** '0.016601' ETH as wei: the decimal string is scaled as text, never through a float. */
function toBaseUnits(amount: string, decimals: number): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return (BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')).toString();
}

/** Sends the exact amount asked for from the simulated wallet, as a person would from the wallet page. */
async function sendFromSimulatedWallet(page: Page, details: PaymentDetails): Promise<string> {
  const response = await page.request.post(`${ETHEREUM_SIMULATOR}/transfer`, {
    data: {
      to: details.recipientAddress,
      asset: 'ETH',
      amount: toBaseUnits(details.amount, CRYPTO_BASE_DECIMALS.ETH),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { hash } = (await response.json()) as { hash: string };
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  return hash;
}

/** Submits the hash until the chain has confirmed it: 'pending' is an answer to retry, not a refusal. */
async function payUntilVerified(page: Page, subscriptionId: string, transactionHash: string): Promise<PayAnswer> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const answer = await postJson<PayAnswer>(
      page,
      `/api/crypto-subscriptions/${subscriptionId}/pay`,
      { transactionHash },
      200,
    );
    if (answer.verified) return answer;
    expect(answer.pending, answer.message).toBe(true);
    await page.request.post(`${ETHEREUM_SIMULATOR}/mine?n=1`);
    await page.waitForTimeout(300);
  }
  throw new Error('the payment was still pending after 30 attempts');
}

describe('billing and payments', () => {
  it('shows a user without payments their servers, the plans on sale and No Payment History', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'mona');
    const servers = await getJson<Server[]>(page, '/api/servers');
    expect(servers.length).toBeGreaterThan(0);

    await page.goto('/billing');
    await page.getByRole('heading', { level: 1, name: 'Billing and Payments' }).waitFor();
    const history = page.getByRole('region', { name: 'Payment History' });
    await history.getByRole('heading', { name: 'No Payment History' }).waitFor();
    expect(await history.getByRole('table').count()).toBe(0);

    const serverList = page.getByRole('list', { name: 'Your servers' });
    for (const server of servers) await serverList.getByRole('heading', { name: server.name }).waitFor();
    // Mona has no subscription: the section is left out rather than shown empty.
    expect(await page.getByRole('region', { name: 'Crypto Subscriptions' }).count()).toBe(0);

    const plans = page.getByRole('list', { name: 'Audit plans' });
    expect(await plans.getByRole('heading').allTextContents()).toEqual(['DIY$350', 'Full Service$1000']);
    await plans.getByRole('link', { name: 'Buy Full Service ($1000)' }).click();
    await expectPath(page, '/paywall');
  });

  it('shows a crypto subscription paid from the simulated wallet as Active, with a completed payment and its receipt', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'eddie');
    const [server] = await getJson<Server[]>(page, '/api/servers');
    if (server === undefined) throw new Error('Eddie has no server');

    const created = await postJson<{ subscription: CryptoSubscription; paymentDetails: PaymentDetails }>(
      page,
      '/api/crypto-subscriptions',
      { currency: 'ETH', usdAmount: MONITORING_USD, serverId: server.id },
    );
    // The amount asked for is unique among open quotes, so it finds this subscription among any others.
    const subscriptionShowing = (monthlyAmount: string) =>
      page
        .getByRole('region', { name: 'Crypto Subscriptions' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: `Monitoring for ${server.name}` }) })
        .filter({ hasText: `${monthlyAmount} ETH` });

    await page.goto('/billing');
    await subscriptionShowing(created.subscription.monthlyAmount)
      .getByText('Awaiting Payment', { exact: true })
      .waitFor();

    const hash = await sendFromSimulatedWallet(page, created.paymentDetails);
    const paid = await payUntilVerified(page, created.subscription.id, hash);
    expect(paid.subscription).toMatchObject({ id: created.subscription.id, isActive: true });

    // Once paid, the subscription is quoted afresh for the next month.
    const item = subscriptionShowing(paid.subscription.monthlyAmount);
    await page.goto('/billing');
    await item.getByText('Active', { exact: true }).waitFor();
    await item.getByText('Ethereum (ETH)').waitFor();
    const due = paid.subscription.nextPaymentDue;
    if (due === null) throw new Error('an active subscription has a next payment date');
    const dueAsShown = await page.evaluate(
      (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(Date.parse(iso)),
      due,
    );
    await item.getByText(dueAsShown, { exact: true }).waitFor();

    const history = page.getByRole('region', { name: 'Payment History' });
    const sent = `${created.paymentDetails.amount} ETH`;
    const row = history.getByRole('row').filter({ hasText: 'Monitoring (monthly)' }).filter({ hasText: sent });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      expect.any(String),
      server.name,
      'Monitoring (monthly)',
      'Crypto (on-chain)',
      `$50${sent}`,
      'Completed',
      expect.stringContaining('Receipt'),
    ]);
    const receipt = row.getByRole('link', { name: /^Receipt for Monitoring \(monthly\)/ });
    const href = await receipt.getAttribute('href');
    expect(href).toMatch(/^\/api\/payments\/[0-9a-f-]{36}\/receipt$/);
    const pdf = await page.request.get(href ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The accessibility spec sees this page empty; here it is checked with a subscription and a payment in it.
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
        THEME_STORAGE_KEY,
        theme,
      ] as const);
      await page.reload();
      await receipt.waitFor();
      expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const blocking = results.violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(blocking.map((violation) => `${theme}: ${violation.id} ${violation.help}`)).toEqual([]);
    }
  });
});
