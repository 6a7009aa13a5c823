import { describe, expect, it } from 'vitest';
import type { Entitlement } from '../../src/shared/contracts/entitlements.js';
import type { CheckoutResponse, Payment } from '../../src/shared/contracts/payments.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { baseUrl, useBrowser } from './support/browser.js';
import { signInThroughDiscord } from './support/sign-in.js';

/**
 * Card payment end to end in demo mode: the product's checkout, the simulated Stripe page served by the
 * product on its own port, Stripe's signed webhook back to the product, and the plan granted.
 */

const browser = useBrowser();

describe('paying by card through Stripe Checkout', () => {
  it('Olivia buys DIY for Pixel Plaza on the hosted page and lands on the success page with her plan', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'olivia');
    const servers = (await (await page.request.get('/api/servers')).json()) as Server[];
    const pixelPlaza = servers.find((server) => server.name === 'Pixel Plaza');
    if (pixelPlaza === undefined) throw new Error('Olivia should own Pixel Plaza');

    // The paywall's checkout dialog is another screen's; its call is the same one.
    const created = await page.request.post('/api/paywall/checkout/stripe', {
      data: { plan: 'DIY', serverId: pixelPlaza.id },
      headers: { origin: baseUrl() },
    });
    expect(created.status()).toBe(200);
    const { url, orderId } = (await created.json()) as CheckoutResponse;

    await page.goto(url);
    const main = page.getByRole('main');
    await main.getByRole('row', { name: /Rampart DIY Audit\s+\$350\.00/ }).waitFor();
    await main.getByRole('row', { name: /Total due\s+\$350\.00/ }).waitFor();
    await main.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.waitForURL((address) => address.pathname === '/paywall/success');
    expect(new URL(page.url()).searchParams.get('order_id')).toBe(orderId);

    // Fulfilment waits for the webhook, which may land a moment after the redirect.
    await expect
      .poll(async () => {
        const payments = (await (await page.request.get('/api/payments')).json()) as Payment[];
        return payments.find((payment) => payment.id === orderId)?.status;
      })
      .toBe('completed');
    const entitlements = (await (await page.request.get('/api/entitlements')).json()) as Entitlement[];
    expect(entitlements).toContainEqual(
      expect.objectContaining({ plan: 'DIY', paid: true, serverId: pixelPlaza.id, amountUsd: 350 }),
    );

    const receipt = await page.request.get(`/api/payments/${orderId}/receipt`);
    expect(receipt.status()).toBe(200);
    expect(receipt.headers()['content-type']).toBe('application/pdf');
  });
});
