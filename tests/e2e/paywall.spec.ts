import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AuditUsage } from '../../src/shared/contracts/audits.js';
import type { Entitlement } from '../../src/shared/contracts/entitlements.js';
import { AUDITS_PER_ENTITLEMENT } from '../../src/shared/plans.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { getJson, postJson } from './support/api.js';
import { useBrowser } from './support/browser.js';
import { freePort, type ServerProcess, startServerProcess } from './support/server-process.js';
import { expectPath, signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();

// One session for the file: sign-ins are rate limited per client.
let olivia: Page;
/** The simulated Checkout Session Olivia paid, refunded after the file so it leaves her as it found her. */
let paidSession: { simulatorOrigin: string; id: string } | undefined;
/** Other files may already have given Olivia plans on the shared server: only what this file adds is compared. */
let entitlementsBefore = new Set<string>();

async function entitlementsOf(page: Page): Promise<Entitlement[]> {
  return getJson<Entitlement[]>(page, '/api/entitlements');
}

/** The webhook that fulfils or refunds an order arrives on its own time; the test waits for its effect. */
async function waitForEntitlements(page: Page, done: (list: Entitlement[]) => boolean): Promise<Entitlement[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const list = await entitlementsOf(page);
    if (done(list)) return list;
    await page.waitForTimeout(200);
  }
  throw new Error('the entitlements did not change as expected');
}

beforeAll(async () => {
  olivia = await browser.newPage();
  await olivia.emulateMedia({ reducedMotion: 'reduce' });
  await signInThroughDiscord(olivia, 'olivia');
});

afterAll(async () => {
  if (paidSession === undefined) return;
  const refund = await olivia.request.post(`${paidSession.simulatorOrigin}/__sim/sessions/${paidSession.id}/refund`);
  expect(refund.status(), await refund.text()).toBe(200);
  await waitForEntitlements(olivia, (list) => list.every((entitlement) => entitlementsBefore.has(entitlement.id)));
});

describe('the paywall for an owner without a plan', () => {
  it('shows both plans with their prices', async () => {
    await olivia.goto('/paywall');
    await olivia.getByRole('heading', { name: 'Choose Your Audit Plan', level: 1 }).waitFor();
    const plans = olivia.getByRole('list', { name: 'Audit plans' });
    await expect(plans.getByRole('heading', { name: 'DIY Audit' }).isVisible()).resolves.toBe(true);
    await expect(plans.getByRole('heading', { name: 'Full Service' }).isVisible()).resolves.toBe(true);
    await expect(plans.getByText('$350', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(plans.getByText('$1,000', { exact: true }).isVisible()).resolves.toBe(true);
  });

  it('asks for a server before any checkout', async () => {
    await olivia.getByRole('button', { name: /^Choose DIY Audit/ }).click();
    const dialog = olivia.getByRole('dialog', { name: 'Checkout: DIY Audit' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Pay $350 by Card' }).click();
    // Behind a modal dialog the toast area is hidden from the accessibility tree (Radix announces the toast
    // through a live region of its own), so the toast is found by its text.
    await olivia.getByText('Missing Information', { exact: true }).first().waitFor();
    await olivia.getByText('Please select a plan and Discord server', { exact: true }).first().waitFor();
    // Nothing left the page: still on the paywall, no provider page opened.
    await expectPath(olivia, '/paywall');
    await dialog.getByRole('tab', { name: 'Cryptocurrency' }).click();
    await dialog.getByRole('button', { name: /Pay with NOWPayments/ }).waitFor();
    await expect(dialog.getByText('300+ coins at 0.5% fees').isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});

describe('the coupon form', () => {
  it('sends the code trimmed and upper-cased and explains a refusal by the words of the server’s message', async () => {
    const ada = await browser.newPage();
    await signInThroughDiscord(ada, 'ada');
    const coupon = await postJson<{ id: string; fullCode: string }>(ada, '/api/admin/coupons', {
      description: 'Revoked before use (paywall e2e)',
    });
    await postJson(ada, `/api/admin/coupons/${coupon.id}/revoke`, {}, 200);

    await olivia.goto('/paywall');
    const form = olivia.getByRole('region', { name: 'Redeem a coupon' });
    await form.getByLabel('Coupon code').fill(`  ${coupon.fullCode.toLowerCase()} `);
    await form.getByRole('combobox', { name: 'Server' }).click();
    await olivia.getByRole('option').first().click();
    const sent = olivia.waitForRequest((request) => request.url().endsWith('/api/paywall/redeem'));
    await form.getByRole('button', { name: 'Redeem Coupon' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ couponCode: coupon.fullCode });

    const toast = olivia.getByRole('region', { name: /Status messages/ });
    await toast.getByText('Coupon Redemption Failed', { exact: true }).waitFor();
    await toast.getByText('This coupon has been revoked and cannot be used.', { exact: true }).waitFor();
    await expectPath(olivia, '/paywall');
  });
});

describe('redeeming a coupon on the paywall (a server of its own: a coupon cannot be given back)', () => {
  let server: ServerProcess | undefined;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'rampart-paywall-'));
    server = await startServerProcess({ dataDir, port: await freePort() });
  });

  afterAll(async () => {
    const code = await server?.stop('SIGINT', 15_000);
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(0);
  });

  it('says Coupon Redeemed Successfully and goes to the dashboard after 1.5 s', async () => {
    if (server === undefined) throw new Error('the server did not start');
    const ada = await browser.newPage();
    await signInThroughDiscord(ada, 'ada', server.url);
    const coupon = await postJson<{ fullCode: string }>(ada, `${server.url}/api/admin/coupons`, {});
    const owner = await browser.newPage();
    await signInThroughDiscord(owner, 'olivia', server.url);
    await expectPath(owner, '/paywall');

    const form = owner.getByRole('region', { name: 'Redeem a coupon' });
    await form.getByLabel('Coupon code').fill(coupon.fullCode.toLowerCase());
    await form.getByRole('combobox', { name: 'Server' }).click();
    await owner.getByRole('option').first().click();
    // The page's own clock: when the answer arrived, and when the app moved on to the dashboard.
    await owner.evaluate(() => {
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        Reflect.set(window, 'navigatedAt', performance.now());
        push(...args);
      };
    });
    await form.getByRole('button', { name: 'Redeem Coupon' }).click();
    const toast = owner.getByRole('region', { name: /Status messages/ });
    await toast.getByText('Coupon Redeemed Successfully', { exact: true }).waitFor();
    await expectPath(owner, '/dashboard');
    const waited = await owner.evaluate(() => {
      const answer = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.endsWith('/api/paywall/redeem')) as PerformanceResourceTiming | undefined;
      return Number(Reflect.get(window, 'navigatedAt')) - (answer?.responseEnd ?? Number.NaN);
    });
    expect(waited).toBeGreaterThanOrEqual(1_450);
    await owner.getByRole('region', { name: 'Audit Usage' }).waitFor();
  });
});

describe('buying DIY by card', () => {
  it('goes through the Stripe checkout page, confirms, and lands on the dashboard with the plan’s audits', async () => {
    entitlementsBefore = new Set((await entitlementsOf(olivia)).map((entitlement) => entitlement.id));
    // The dashboard shows the first server of the list, so that is the one the plan is bought for.
    const [firstServer] = await getJson<Server[]>(olivia, '/api/servers');
    if (firstServer === undefined) throw new Error('Olivia has no server');
    const usageBefore = await getJson<AuditUsage>(olivia, `/api/servers/${firstServer.id}/audit-usage`);

    await olivia.goto('/paywall');
    await olivia.getByRole('button', { name: /^Choose DIY Audit/ }).click();
    const dialog = olivia.getByRole('dialog', { name: 'Checkout: DIY Audit' });
    await dialog.getByRole('combobox', { name: 'Discord server' }).click();
    await olivia.getByRole('option', { name: firstServer.name }).click();
    await dialog.getByRole('button', { name: 'Pay $350 by Card' }).click();

    // Stripe's hosted page (the simulator's, on its own origin): the price comes from the server's list.
    await olivia.waitForURL((url) => url.pathname.startsWith('/c/pay/'));
    const hosted = new URL(olivia.url());
    paidSession = { simulatorOrigin: hosted.origin, id: hosted.pathname.split('/').at(-1) ?? '' };
    await olivia.getByText('$350.00').first().waitFor();
    const logged: string[] = [];
    olivia.on('console', (message) => logged.push(message.text()));
    await olivia.getByRole('button', { name: 'Pay', exact: true }).click();

    await expectPath(olivia, '/paywall/success');
    await olivia.getByRole('heading', { name: 'Payment Successful', level: 1 }).waitFor();
    const orderId = new URL(olivia.url()).searchParams.get('order_id') ?? '';
    expect(orderId).not.toBe('');
    // The order id is logged for support, never shown.
    await expect.poll(() => logged.some((line) => line.includes(orderId))).toBe(true);
    expect(await olivia.getByText(orderId).count()).toBe(0);

    const isNew = (entitlement: Entitlement) => !entitlementsBefore.has(entitlement.id);
    const entitlements = await waitForEntitlements(olivia, (list) => list.some(isNew));
    expect(entitlements.filter(isNew)).toMatchObject([
      { serverId: firstServer.id, plan: 'DIY', paid: true, provider: 'stripe', amountUsd: 350 },
    ]);

    await olivia.getByRole('link', { name: 'Continue' }).click();
    await expectPath(olivia, '/dashboard');
    const usage = olivia.getByRole('region', { name: 'Audit Usage' });
    const remaining = usageBefore.remaining + AUDITS_PER_ENTITLEMENT.DIY;
    await usage.getByText(`${remaining} audits remaining for this server.`).waitFor();
  });

  it('says Payment Error when Stripe cannot open a checkout, and stays on the paywall', async () => {
    if (paidSession === undefined) throw new Error('the purchase above did not reach Stripe');
    // The simulator answers the next API request with a 500 that Stripe says not to retry.
    const fault = await olivia.request.post(`${paidSession.simulatorOrigin}/__sim/faults`, {
      data: { status: 500, count: 1, shouldRetry: false },
    });
    expect(fault.status()).toBe(200);
    await olivia.goto('/paywall');
    await olivia.getByRole('button', { name: /^Choose Full Service/ }).click();
    const dialog = olivia.getByRole('dialog', { name: 'Checkout: Full Service' });
    await dialog.getByRole('combobox', { name: 'Discord server' }).click();
    await olivia.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Pay $1,000 by Card' }).click();
    await olivia.getByText('Payment Error', { exact: true }).first().waitFor();
    await olivia
      .getByText('The checkout could not be started. Please try again in a moment.', { exact: true })
      .first()
      .waitFor();
    await expectPath(olivia, '/paywall');
    await expect(dialog.getByRole('button', { name: 'Pay $1,000 by Card' }).isEnabled()).resolves.toBe(true);
  });
});

describe('paying a plan in crypto', () => {
  it('opens the NOWPayments invoice of the chosen plan in a new tab that cannot reach back', async () => {
    await olivia.goto('/paywall');
    await olivia.getByRole('button', { name: /^Choose Full Service/ }).click();
    const checkout = olivia.getByRole('dialog', { name: 'Checkout: Full Service' });
    await checkout.getByRole('tab', { name: 'Cryptocurrency' }).click();
    await checkout.getByRole('combobox', { name: 'Discord server' }).click();
    await olivia.getByRole('option').first().click();
    // A browser that blocks the tab: nothing is created, and the user is told to allow popups.
    await olivia.evaluate(() => {
      const open = window.open.bind(window);
      window.open = () => {
        window.open = open;
        return null;
      };
    });
    const invoiceRequests: string[] = [];
    olivia.on('request', (request) => {
      if (request.url().endsWith('/api/paywall/checkout/nowpayments')) invoiceRequests.push(request.url());
    });
    await checkout.getByRole('button', { name: /Pay with NOWPayments/ }).click();
    await olivia.getByText('Popup Blocked', { exact: true }).first().waitFor();
    await olivia.getByText('Please allow popups and try again.', { exact: true }).first().waitFor();
    expect(invoiceRequests).toEqual([]);

    const opened = olivia.context().waitForEvent('page');
    await checkout.getByRole('button', { name: /Pay with NOWPayments/ }).click();
    const invoice = await opened;
    await invoice.waitForURL((url) => url.pathname.endsWith('/payment/') && url.searchParams.has('iid'));
    // The hosted invoice is priced by the server: Full Service, $1,000.
    await invoice.getByText(/1000/).first().waitFor();
    expect(await invoice.evaluate(() => window.opener)).toBeNull();
    await invoice.close();
    await checkout.getByText('The invoice is open in a new tab.', { exact: false }).waitFor();
    await expectPath(olivia, '/paywall');
  });
});

describe('the monthly crypto subscription', () => {
  it('is created in ETH, paid from the simulated wallet and verified by its transaction hash', async () => {
    await olivia.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await olivia.goto('/paywall');
    await olivia.getByRole('button', { name: /^Choose Full Service/ }).click();
    const checkout = olivia.getByRole('dialog', { name: 'Checkout: Full Service' });
    await checkout.getByRole('tab', { name: 'Cryptocurrency' }).click();
    await checkout.getByRole('combobox', { name: 'Discord server' }).click();
    await olivia.getByRole('option').first().click();
    await checkout.getByRole('button', { name: 'Monthly crypto subscription' }).click();

    // Step 1: the four currencies with the quote list's amounts (ETH at 4 decimals, USDC at 2).
    const dialog = olivia.getByRole('dialog', { name: 'Monthly crypto subscription' });
    const group = dialog.getByRole('group', { name: 'Pay $50 a month in' });
    await group.getByRole('radio', { name: /^SOL/ }).waitFor();
    await expect(group.getByRole('radio').count()).resolves.toBe(4);
    await expect(group.getByText(/^≈ \d+\.\d{4} ETH$/).isVisible()).resolves.toBe(true);
    await expect(group.getByText('≈ 50.00 USDC').count()).resolves.toBe(2);
    await group.getByRole('radio', { name: /^ETH/ }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await olivia.getByText('Subscription Created', { exact: true }).first().waitFor();

    // Step 2: the exact amount and the address, copied as a person would.
    await dialog.getByRole('button', { name: 'Copy amount' }).click();
    await olivia.getByText('Copied', { exact: true }).first().waitFor();
    const amount = await olivia.evaluate(() => navigator.clipboard.readText());
    expect(amount).toMatch(/^\d+\.\d{6}$/);
    await dialog.getByText(`Send exactly ${amount} ETH`).waitFor();
    await dialog.getByRole('button', { name: 'Copy recipient address' }).click();
    const recipient = await olivia.evaluate(() => navigator.clipboard.readText());
    expect(recipient).toMatch(/^0x[0-9a-fA-F]{40}$/);

    await dialog.getByRole('button', { name: 'Verify Payment' }).click();
    await olivia.getByText('Transaction Hash Required', { exact: true }).first().waitFor();

    const wallet = await olivia.context().newPage();
    await wallet.goto('/_sim/wallet/');
    await wallet.getByLabel('Chain and asset').selectOption('ethereum:ETH');
    await wallet.getByLabel(/^Send to/).fill(recipient);
    await wallet.getByLabel(/^Amount/).fill(amount);
    await wallet.getByRole('button', { name: 'Send' }).click();
    const hash = await wallet.getByLabel('Transaction hash').inputValue();
    await wallet.close();

    await dialog.getByLabel('Transaction hash').fill(hash);
    const explorer = dialog.getByRole('link', { name: /View on the block explorer/ });
    expect(await explorer.getAttribute('href')).toMatch(new RegExp(`/tx/${hash}$`));
    expect(await explorer.getAttribute('target')).toBe('_blank');
    // A transaction short of its confirmations is answered as pending, and verified once it has them.
    await dialog.getByRole('button', { name: 'Verify Payment' }).click();
    const active = dialog.getByText('Subscription active', { exact: true });
    const waiting = dialog.getByText('Waiting for confirmations', { exact: true });
    for (let attempt = 0; attempt < 30 && !(await active.isVisible()); attempt += 1) {
      if (await waiting.isVisible()) await dialog.getByRole('button', { name: 'Verify again' }).click();
      await olivia.waitForTimeout(500);
    }
    await active.waitFor();
    await olivia.getByText('Payment Verified', { exact: true }).first().waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
