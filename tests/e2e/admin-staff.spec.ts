import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CsuVerificationRow, StaffAction, TestAccount } from '../../src/shared/contracts/admin-staff.js';
import type { CurrentUser } from '../../src/shared/contracts/auth.js';
import { useBrowser } from './support/browser.js';
import { useOwnServer } from './support/own-server.js';

/** A server of its own: the empty states need an audit trail and test-account list nobody else wrote to. */
const browser = useBrowser();
const { url, session } = useOwnServer(browser, 'admin-staff');

const SERVER = 'Pixel Plaza';
const USERNAME = 'qa-tester';
const PASSWORD = 'correct-horse-battery';
const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });

async function openSection(page: Page, title: string): Promise<void> {
  const trigger = page.getByRole('main').getByRole('button', { name: title, exact: true });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
}

async function sectionOf(page: Page, title: string) {
  await openSection(page, title);
  return page.getByRole('main').getByRole('region', { name: title, exact: true });
}

describe('the admin page’s staff sections', () => {
  it('each section shows its empty state before anything exists', async () => {
    const ada = session('ada');
    await ada.goto(url('/admin'));
    await ada.getByRole('main').getByRole('heading', { name: 'Admin', level: 1 }).waitFor();

    const accounts = await sectionOf(ada, 'Test Accounts');
    await accounts.getByText('No test accounts yet').waitFor();
    const activity = await sectionOf(ada, 'Activity');
    await activity.getByText('No staff activity yet').waitFor();

    // Every signed-in user's servers are rows, so the CSU list is never empty here: its empty state is
    // shown for an answer of no servers.
    await ada.route(url('/api/admin/csu-verification'), (route) => route.fulfill({ json: [] }));
    await ada.reload();
    const csu = await sectionOf(ada, 'CSU Verification');
    await csu.getByText('No servers yet').waitFor();
    await ada.unroute(url('/api/admin/csu-verification'));

    // The seed always grants an entitlement, so its empty state is shown for an answer of none.
    await ada.route(url('/api/admin/entitlements'), (route) => route.fulfill({ json: [] }));
    await ada.reload();
    const entitlements = await sectionOf(ada, 'Entitlements');
    await entitlements.getByText('No entitlements yet').waitFor();
    await ada.unroute(url('/api/admin/entitlements'));
  });

  it('the other sections render what a fresh demo server holds: the seeded entitlements, and empty states', async () => {
    const ada = session('ada');
    await ada.goto(url('/admin'));
    const count = async (path: string) => ((await (await ada.request.get(url(path))).json()) as unknown[]).length;

    // The demo seed grants Eddie his plan; nobody has bought Full Service yet.
    const entitlements = await sectionOf(ada, 'Entitlements');
    const entitlementCount = await count('/api/admin/entitlements');
    expect(entitlementCount).toBeGreaterThan(0);
    await entitlements.getByRole('table').waitFor();
    expect(await entitlements.getByRole('row').count()).toBe(entitlementCount + 1);
    expect(await count('/api/admin/service-engagements')).toBe(0);
    const engagements = await sectionOf(ada, 'Service Engagements');
    await engagements.getByText('No engagements yet').waitFor();
    const coupons = await sectionOf(ada, 'Coupons');
    expect(await count('/api/admin/coupons')).toBe(0);
    await coupons.getByText('No coupons yet').waitFor();
    const review = await sectionOf(ada, 'Evidence Review');
    const threads = (await (await ada.request.get(url('/api/evidence/threads'))).json()) as { threads: unknown[] };
    expect(threads.threads).toHaveLength(0);
    await review.getByText('No Evidence Threads').waitFor();
  });

  it('Ada verifies a server’s CSU account: the row says Verified', async () => {
    const ada = session('ada');
    await ada.goto(url('/admin'));
    const csu = await sectionOf(ada, 'CSU Verification');
    const row = csu.getByRole('listitem').filter({ has: ada.getByRole('heading', { name: SERVER, exact: true }) });
    await row.getByText('Pending', { exact: true }).waitFor();
    // The owner's Discord id is cut to 12 characters, the full id in the title.
    const ownerId = row.locator('[title]').first();
    const fullOwnerId = (await ownerId.getAttribute('title')) ?? '';
    expect(fullOwnerId).toMatch(/^\d{17,20}$/);
    expect(await ownerId.locator('[aria-hidden="true"]').textContent()).toBe(fullOwnerId.slice(0, 12));

    await row.getByLabel('Admin notes').fill('Owner showed the hardware key on a call.');
    await row.getByRole('button', { name: `Approve the CSU account of ${SERVER}` }).click();
    await toasts(ada).getByText('CSU Verification Updated').waitFor();
    await row.getByText('Verified', { exact: true }).waitFor();
    const rows = (await (await ada.request.get(url('/api/admin/csu-verification'))).json()) as CsuVerificationRow[];
    expect(rows.find((item) => item.name === SERVER)).toMatchObject({
      csulVerified: true,
      adminNotes: 'Owner showed the hardware key on a call.',
    });
  });

  it('Ada creates a test account, which signs in through the staff sign-in form in a fresh context', async () => {
    const ada = session('ada');
    await ada.goto(url('/admin'));
    const section = await sectionOf(ada, 'Test Accounts');
    const form = section.getByRole('form', { name: 'Create a test account' });
    await form.getByRole('button', { name: 'Create Account' }).click();
    await form.getByText('A username of at least 3 characters is required.').waitFor();
    await form.getByLabel('Username').fill(USERNAME);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await toasts(ada).getByText('Account Created').waitFor();
    const row = section.getByRole('row').filter({ hasText: USERNAME });
    await row.waitFor();
    const accounts = (await (await ada.request.get(url('/api/admin/test-accounts'))).json()) as TestAccount[];
    const created = accounts.find((account) => account.username === USERNAME);
    expect(created).toMatchObject({ isAdmin: false, hasPassword: true });
    expect(await row.locator(`[title="${created?.discordId ?? ''}"]`).count()).toBe(1);

    const fresh = await browser.newPage();
    await fresh.goto(url('/'));
    await fresh.getByRole('button', { name: 'Staff sign-in' }).click();
    const dialog = fresh.getByRole('dialog', { name: 'Staff sign-in' });
    await dialog.getByLabel('Username').fill(USERNAME);
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByRole('alert').getByText('Wrong username or password.').waitFor();
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await fresh.waitForURL((address) => address.pathname === '/dashboard');
    const me = (await (await fresh.request.get(url('/api/auth/me'))).json()) as CurrentUser;
    expect(me).toMatchObject({ username: USERNAME, isAdmin: false });
  });

  it('the staff sign-in link is not offered when the configuration turns it off', async () => {
    const visitor = await browser.newPage();
    let served = false;
    await visitor.route(url('/api/config'), async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), testAccountSignIn: false } });
      served = true;
    });
    await visitor.goto(url('/'));
    await visitor.getByRole('link', { name: 'Sign in with Discord' }).first().waitFor();
    await expect.poll(() => served).toBe(true);
    // Rendering follows the answer within a few frames; the link stays absent for a second after it.
    for (let check = 0; check < 10; check += 1) {
      expect(await visitor.getByRole('button', { name: 'Staff sign-in' }).count()).toBe(0);
      await visitor.waitForTimeout(100);
    }
  });

  it('Ada deletes the account after confirming, and Activity lists what she did, newest first', async () => {
    const ada = session('ada');
    await ada.goto(url('/admin'));
    const section = await sectionOf(ada, 'Test Accounts');
    await section.getByRole('button', { name: `Delete ${USERNAME}` }).click();
    const confirm = ada.getByRole('dialog', { name: 'Delete Test Account' });
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    await toasts(ada).getByText('Account Deleted').waitFor();
    await section.getByText('No test accounts yet').waitFor();

    const activity = await sectionOf(ada, 'Activity');
    const entries = activity.getByRole('list', { name: 'Staff activity, newest first' }).getByRole('listitem');
    await entries.first().getByText(`Deleted the test account ${USERNAME}`, { exact: false }).waitFor();
    const texts = await entries.allTextContents();
    const at = (fragment: string) => texts.findIndex((text) => text.includes(fragment));
    expect(at(`Deleted the test account ${USERNAME}`)).toBe(0);
    expect(at(`Created the test account ${USERNAME}`)).toBeGreaterThan(0);
    expect(at(`Verified the CSU account of ${SERVER}`)).toBeGreaterThan(at(`Created the test account ${USERNAME}`));
    const trail = (await (await ada.request.get(url('/api/admin/activity'))).json()) as StaffAction[];
    expect(trail.map((entry) => entry.action).slice(0, 3)).toEqual([
      'test_account.delete',
      'test_account.create',
      'csu.verify',
    ]);

    // The before/after of an entry opens on demand.
    const csuEntry = entries.filter({ hasText: `Verified the CSU account of ${SERVER}` });
    await csuEntry.getByText('Before and after').click();
    await csuEntry.getByText('"csulVerified": true').waitFor();
  });
});
