import { describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../../src/shared/contracts/payments.js';
import type { Entitlement } from '../../src/shared/contracts/entitlements.js';
import { baseUrl, useBrowser } from './support/browser.js';
import { signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();
const SERVER = 'Pixel Plaza';

describe('a crypto invoice in demo mode', () => {
  it('is paid in full on the simulated NOWPayments page and grants the plan', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'olivia');
    const servers = (await (await page.request.get('/api/servers')).json()) as { id: string; name: string }[];
    const server = servers.find((candidate) => candidate.name === SERVER);
    const created = await page.request.post('/api/paywall/checkout/nowpayments', {
      headers: { origin: baseUrl() },
      data: { plan: 'DIY', serverId: server?.id },
    });
    expect(created.status()).toBe(200);
    const { url, orderId } = (await created.json()) as CheckoutResponse;

    await page.goto(url);
    await page.getByText('350 USD').waitFor();
    await page.getByRole('group', { name: 'Pay with' }).getByLabel(/^SOL/).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('status').filter({ hasText: 'waiting' }).waitFor();
    await page.getByRole('button', { name: 'Pay in full' }).click();
    // The page refreshes itself every second while the payment walks to finished; a locator waiting through
    // those reloads can miss the last one, so wait on the invoice itself, then open its final page.
    await expect
      .poll(async () => (await page.request.get(url)).text(), { timeout: 30_000, interval: 500 })
      .toContain('Payment complete.');
    await page.goto(url);
    await page.getByRole('link', { name: 'Return to the shop' }).click();
    await page.waitForURL((next) => next.pathname === '/paywall/success');
    expect(new URL(page.url()).searchParams.get('order_id')).toBe(orderId);

    // The finished IPN reaches the app over HTTP on its own schedule.
    await expect
      .poll(async () => (await (await page.request.get('/api/entitlements')).json()) as Entitlement[], {
        timeout: 15_000,
      })
      .toContainEqual(
        expect.objectContaining({ serverId: server?.id, plan: 'DIY', provider: 'nowpayments', paid: true }),
      );
  });
});
