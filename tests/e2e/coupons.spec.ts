import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { Coupon } from '../../src/shared/contracts/coupons.js';
import type { Entitlement } from '../../src/shared/contracts/entitlements.js';
import { useBrowser } from './support/browser.js';
import { closeWithEscape } from './support/dialogs.js';
import { useOwnServer } from './support/own-server.js';

/**
 * A server of its own: Olivia redeems a coupon here, and the other files need her without a plan. The page
 * addresses are absolute, since the browser's base address is the shared server's.
 */
const browser = useBrowser();
const { url, session, output } = useOwnServer(browser, 'coupons');
let fullCode = '';

const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });
const couponRow = (page: Page, code: string) => page.getByRole('main').getByRole('row').filter({ hasText: code });

async function getJson<T>(page: Page, pathname: string): Promise<T> {
  const response = await page.request.get(url(pathname));
  expect(response.status(), `GET ${pathname}`).toBe(200);
  return (await response.json()) as T;
}

/** Opens the admin page's Coupons section. */
async function openCoupons(ada: Page): Promise<void> {
  await ada.goto(url('/admin'));
  await ada.getByRole('main').getByRole('button', { name: 'Coupons', exact: true }).click();
  await ada.getByRole('form', { name: 'Create a coupon' }).waitFor();
}

async function createCoupon(ada: Page, description: string): Promise<string> {
  const form = ada.getByRole('form', { name: 'Create a coupon' });
  await form.getByLabel('Description (optional)').fill(description);
  await form.getByRole('button', { name: 'Create Coupon' }).click();
  await toasts(ada).getByText('Coupon Created').waitFor();
  const code = (await ada.getByLabel('Full coupon code').textContent()) ?? '';
  expect(code).toMatch(/^AUDIT-[A-Z0-9]{8}$/);
  return code;
}

describe('coupons, from the admin page to the redeem screen', () => {
  it('staff create a coupon, read its full code once and copy it; the list shows it masked and Active', async () => {
    const ada = session('ada');
    await ada.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
    await openCoupons(ada);
    const form = ada.getByRole('form', { name: 'Create a coupon' });

    // Invalid JSON is explained under the field and nothing is sent.
    await form.getByLabel('Metadata (JSON object)').fill('{campaign: launch}');
    await form.getByRole('button', { name: 'Create Coupon' }).click();
    await form.getByText('Metadata must be valid JSON.').waitFor();
    await form.getByLabel('Metadata (JSON object)').fill('{"campaign": "launch"}');

    fullCode = await createCoupon(ada, 'Launch partner');
    // Demo mode prints its bypass code with the sign-in instructions.
    expect(output()).toMatch(/Bypass code for the paywall's Admin Login dialog: DEMO-[0-9A-F]{8}/);
    await ada.getByRole('button', { name: 'Copy' }).click();
    await toasts(ada).getByText('Copied').waitFor();
    expect(await ada.evaluate(() => navigator.clipboard.readText())).toBe(fullCode);

    const row = couponRow(ada, `••••${fullCode.slice(-4)}`);
    await row.getByText('Active').waitFor();
    expect(await row.textContent()).toContain('Launch partner');
    expect(await row.textContent()).toContain('0/1');
    expect(await ada.getByRole('main').getByRole('table').textContent()).not.toContain(fullCode);
    await ada.getByRole('button', { name: 'Done' }).click();
    await ada.getByLabel('Full coupon code').waitFor({ state: 'detached' });
    const listed = await getJson<Coupon[]>(ada, '/api/admin/coupons');
    expect(listed.find((coupon) => coupon.codeLast4 === fullCode.slice(-4))?.metadata).toEqual({ campaign: 'launch' });
  });

  it('Olivia redeems it on /redeem, sees the success screen, and her audit starts', async () => {
    const olivia = session('olivia');
    await olivia.goto(url('/redeem'));
    await olivia.getByRole('heading', { name: 'Redeem Coupon Code' }).waitFor();
    await olivia.getByLabel('Coupon code').fill(fullCode.toLowerCase());
    await olivia.getByRole('combobox', { name: 'Server' }).click();
    await olivia.getByRole('option', { name: 'Pixel Plaza' }).click();
    await olivia.getByRole('button', { name: 'Redeem & Run Audit' }).click();

    await olivia.getByRole('heading', { name: 'Coupon Redeemed Successfully!' }).waitFor();
    // The second term of the result: Redemption ID, then Audit ID.
    const auditId = (await olivia.getByRole('definition').nth(1).textContent()) ?? '';
    expect(auditId).toMatch(/^[0-9a-f-]{36}$/);
    const audit = await getJson<AuditWithChecks>(olivia, `/api/audits/${auditId}`);
    expect(['pending', 'running', 'completed']).toContain(audit.status);
    const entitlements = await getJson<Entitlement[]>(olivia, '/api/entitlements');
    expect(entitlements).toContainEqual(expect.objectContaining({ plan: 'COUPON', serverId: audit.serverId }));

    await olivia.getByRole('link', { name: 'View Audit Progress' }).click();
    await olivia.waitForURL((address) => address.pathname === `/audits/${auditId}`);
    await olivia.getByRole('main').getByText('Pixel Plaza').first().waitFor();
  });

  it('a second redemption is refused with the redeem screen’s message', async () => {
    const olivia = session('olivia');
    await olivia.goto(url(`/redeem?coupon=${encodeURIComponent(fullCode)}`));
    await olivia.getByRole('combobox', { name: 'Server' }).click();
    await olivia.getByRole('option', { name: 'Wild West Lounge' }).click();
    await olivia.getByRole('button', { name: 'Redeem & Run Audit' }).click();
    await toasts(olivia).getByText('Redemption Failed').waitFor();
    await toasts(olivia)
      .getByText('This coupon is restricted to a specific server. Please check with the provider.')
      .waitFor();
  });

  it('staff see it Exhausted without actions; revoke and delete ask first', async () => {
    const ada = session('ada');
    await openCoupons(ada);
    const used = couponRow(ada, `••••${fullCode.slice(-4)}`);
    await used.getByText('Exhausted').waitFor();
    expect(await used.getByRole('button').count()).toBe(0);
    const results = await new AxeBuilder({ page: ada })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const blocking = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
    expect(blocking.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

    const toRevoke = await createCoupon(ada, 'To revoke');
    const revokeRow = couponRow(ada, `••••${toRevoke.slice(-4)}`);
    // By keyboard: the dialog opens on Enter and Escape leaves without revoking.
    await revokeRow.getByRole('button', { name: /Revoke coupon/ }).focus();
    await ada.keyboard.press('Enter');
    const dialog = ada.getByRole('dialog', { name: 'Revoke this coupon?' });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    // A toast that opened after the dialog (Radix stacks layers as they open) takes the first Escape.
    await closeWithEscape(ada, dialog);
    await revokeRow.getByText('Active').waitFor();
    await revokeRow.getByRole('button', { name: /Revoke coupon/ }).click();
    await ada.getByRole('dialog').getByRole('button', { name: 'Revoke Coupon' }).click();
    await toasts(ada).getByText('Coupon Revoked').waitFor();
    await revokeRow.getByText('Revoked').waitFor();

    const toDelete = await createCoupon(ada, 'To delete');
    const deleteRow = couponRow(ada, `••••${toDelete.slice(-4)}`);
    await deleteRow.getByRole('button', { name: /Delete coupon/ }).click();
    await ada
      .getByRole('dialog', { name: 'Delete this coupon?' })
      .getByRole('button', { name: 'Delete Coupon' })
      .click();
    await toasts(ada).getByText('Coupon Deleted').waitFor();
    await deleteRow.waitFor({ state: 'detached' });
  });
});
