import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ServiceEngagement } from '../../src/shared/contracts/admin-commerce.js';
import type { CheckoutResponse, Payment } from '../../src/shared/contracts/payments.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { chooseTheme, expectNoBlockingViolations, THEMES } from './support/axe.js';
import { useBrowser } from './support/browser.js';
import { useOwnServer } from './support/own-server.js';

/**
 * A server of its own: Olivia buys Full Service there (the shared server's files expect her without a
 * plan), and Ada works the engagement it opened from the admin page.
 */
const browser = useBrowser();
const { url, session } = useOwnServer(browser, 'admin-commerce');

const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });

/** A summary card's figure, found from its label (label and figure are the card's two lines). */
async function cardFigure(page: Page, label: string): Promise<string | null> {
  const card = page.getByRole('main').getByText(label, { exact: true }).locator('xpath=../..');
  return card.locator('p').nth(1).textContent();
}

async function openSection(ada: Page, title: string): Promise<void> {
  const trigger = ada.getByRole('main').getByRole('button', { name: title, exact: true });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
}

describe('the admin page’s Entitlements and Service Engagements', () => {
  it('Olivia buys Full Service for Pixel Plaza on the simulated Stripe page; the webhook fulfils it', async () => {
    const olivia = session('olivia');
    const servers = (await (await olivia.request.get(url('/api/servers'))).json()) as Server[];
    const pixelPlaza = servers.find((candidate) => candidate.name === 'Pixel Plaza');
    if (pixelPlaza === undefined) throw new Error('Olivia should own Pixel Plaza');
    const created = await olivia.request.post(url('/api/paywall/checkout/stripe'), {
      data: { plan: 'FULL', serverId: pixelPlaza.id },
      headers: { origin: url('') },
    });
    expect(created.status(), await created.text()).toBe(200);
    const checkout = (await created.json()) as CheckoutResponse;
    await olivia.goto(checkout.url);
    await olivia.getByRole('main').getByRole('button', { name: 'Pay', exact: true }).click();
    await expect
      .poll(async () => {
        const payments = (await (await olivia.request.get(url('/api/payments'))).json()) as Payment[];
        return payments.find((payment) => payment.id === checkout.orderId)?.status;
      })
      .toBe('completed');
  });

  it('lists the Full Service purchase with its revenue, and the engagement it opened as active', async () => {
    const ada = session('ada');
    await ada.goto(url('/admin'));
    const main = ada.getByRole('main');
    await main.getByText('$1,000.00').first().waitFor();
    await expect.poll(() => cardFigure(ada, 'Revenue')).toBe('$1,000.00');
    await expect.poll(() => cardFigure(ada, 'Active Engagements')).toBe('1');
    await expect.poll(() => cardFigure(ada, 'Completion Rate')).toBe('0%');
    await openSection(ada, 'Entitlements');
    const row = main.getByRole('row').filter({ hasText: 'FULL_SERVICE' }).filter({ hasText: 'Pixel Plaza' });
    await row.getByText('Paid').waitFor();
    expect(await row.textContent()).toContain('stripe');
    // Ids are cut to 8 characters, the full id in the title.
    const shownId = row.locator('[title]').first();
    const fullId = (await shownId.getAttribute('title')) ?? '';
    expect(fullId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await shownId.locator('[aria-hidden="true"]').textContent()).toBe(fullId.slice(0, 8));

    await openSection(ada, 'Service Engagements');
    await main.getByRole('heading', { name: 'Pixel Plaza', level: 3 }).waitFor();
    for (const theme of THEMES) {
      await chooseTheme(ada, theme);
      await ada.reload();
      await openSection(ada, 'Entitlements');
      await openSection(ada, 'Service Engagements');
      await main.getByRole('heading', { name: 'Pixel Plaza', level: 3 }).waitFor();
      await main.getByRole('row').filter({ hasText: 'FULL_SERVICE' }).first().waitFor();
      await expectNoBlockingViolations(ada, theme);
    }
  });

  it('staff complete the engagement by keyboard: Engagement Updated, completedAt set, the cards follow', async () => {
    const ada = session('ada');
    await ada.goto(url('/admin'));
    await openSection(ada, 'Service Engagements');
    const main = ada.getByRole('main');
    const engagement = main.getByRole('listitem').filter({ hasText: 'Pixel Plaza' }).first();
    await engagement.getByRole('combobox', { name: 'Status' }).focus();
    await ada.keyboard.press('Enter');
    // The list opens on the current status; two steps down is Completed.
    await expect.poll(() => ada.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('option');
    await expect.poll(() => ada.evaluate(() => document.activeElement?.textContent)).toBe('New');
    for (const next of ['In Progress', 'Completed']) {
      await ada.keyboard.press('ArrowDown');
      await expect.poll(() => ada.evaluate(() => document.activeElement?.textContent)).toBe(next);
    }
    await ada.keyboard.press('Enter');
    await engagement.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Completed' }).waitFor();
    await engagement.getByLabel('Engineer notes').fill('Roles tightened; report sent.');
    await engagement.getByRole('button', { name: 'Save' }).click();
    await toasts(ada).getByText('Engagement Updated').waitFor();

    const listed = (await (await ada.request.get(url('/api/admin/service-engagements'))).json()) as ServiceEngagement[];
    const [saved] = listed;
    expect(saved).toMatchObject({ status: 'COMPLETED', engineerNotes: 'Roles tightened; report sent.' });
    expect(saved?.completedAt).not.toBeNull();
    await expect.poll(() => cardFigure(ada, 'Completion Rate')).toBe('100%');
    await expect.poll(() => cardFigure(ada, 'Active Engagements')).toBe('0');
    await engagement.getByText('Completed', { exact: true }).first().waitFor();
  });
});
