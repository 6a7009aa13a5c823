import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.js';
import { expectPath, signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();

// One session for the file: sign-ins are rate limited per client.
let olivia: Page;

beforeAll(async () => {
  olivia = await browser.newPage();
  await olivia.emulateMedia({ reducedMotion: 'reduce' });
  await signInThroughDiscord(olivia, 'olivia');
});

describe('the paywall for an owner without a plan', () => {
  it('shows both plans with their prices', async () => {
    await expectPath(olivia, '/paywall');
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
