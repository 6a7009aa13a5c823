import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.js';
import { expectPath, signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();

describe('sign-in through Discord', () => {
  it('sends an owner without a plan to the paywall', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'olivia');
    await expectPath(page, '/paywall');
    await expect(page.getByRole('heading', { name: 'Choose Your Audit Plan' }).isVisible()).resolves.toBe(true);
  });

  it('sends the owner with a paid plan to the dashboard inside the app shell', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'eddie');
    await expectPath(page, '/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Security Audits' }).isVisible()).resolves.toBe(true);
    await expect(nav.getByRole('link', { name: 'Admin' }).count()).resolves.toBe(0);
    await expect(page.getByRole('banner').getByText('E', { exact: true }).isVisible()).resolves.toBe(true);
  });

  it('shows the Admin nav item to the admin', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'ada');
    await expectPath(page, '/dashboard');
    const admin = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' });
    await expect(admin.isVisible()).resolves.toBe(true);
  });

  it('explains a cancelled consent with the §8 message and cleans the address', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in with Discord' }).first().click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Discord authentication failed. Please try again.' });
    await alert.waitFor();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
  });

  it('signs out back to the landing page', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'eddie');
    await expectPath(page, '/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expectPath(page, '/');
    await page.getByRole('link', { name: 'Sign in with Discord' }).first().waitFor();
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });
});

describe('public pages and preferences', () => {
  it('keeps the chosen theme across a reload (dark by default)', async () => {
    const page = await browser.newPage();
    await page.goto('/about-our-audit');
    const htmlClass = () => page.evaluate(() => document.documentElement.className);
    expect(await htmlClass()).toContain('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).first().click();
    expect(await htmlClass()).not.toContain('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).first().waitFor();
    expect(await htmlClass()).not.toContain('dark');
  });

  it('shows the about page to visitors with a way to get started', async () => {
    const page = await browser.newPage();
    await page.goto('/about-our-audit');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expectPath(page, '/');
  });

  it('opens the landing page site menu, loaded on first use, by mouse and by keyboard', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open site menu' });
    const aboutItem = page.getByRole('menuitem', { name: 'About Our Audit' });
    const isFocused = (locator: typeof menuButton) => locator.evaluate((element) => element === document.activeElement);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    await menuButton.click();
    await aboutItem.waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    // Radix hands focus back on a timer after the menu unmounts, so the trigger gets it a moment later.
    await menuButton.evaluate(
      (element) =>
        new Promise<void>((resolve, reject) => {
          const deadline = Date.now() + 2000;
          const poll = () => {
            if (element === document.activeElement) resolve();
            else if (Date.now() > deadline) reject(new Error('focus did not return to the menu button'));
            else setTimeout(poll, 20);
          };
          poll();
        }),
    );
    expect(await isFocused(menuButton)).toBe(true);
    await page.keyboard.press('Enter');
    await aboutItem.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    expect(await isFocused(aboutItem)).toBe(true);
    await page.keyboard.press('Enter');
    await expectPath(page, '/about-our-audit');
  });

  it('shows the not-found card for an unknown address once signed in', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'eddie');
    await page.goto('/no-such-page');
    await page.getByText('Page Not Found').waitFor();
    await expect(page.getByText('Did you forget to add the page to the router?').isVisible()).resolves.toBe(true);
  });

  it('shows the landing page to a visitor on a private route', async () => {
    const page = await browser.newPage();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Sign in with Discord' }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('sends a coupon code to /redeem upper-cased, and ignores an empty one', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const input = page.getByLabel('Coupon code');
    await input.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await input.fill('  audit-abc123 ');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/redeem');
    expect(new URL(page.url()).search).toBe('?coupon=AUDIT-ABC123');
  });
});

describe('session expiry', () => {
  it('re-authenticates in a 500x600 popup on a 401 and repeats the request once', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'eddie');
    await expectPath(page, '/dashboard');
    // The session ends behind the app's back; the next data request answers 401.
    await page.context().clearCookies();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Security Audits' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
    await popup.getByLabel('Eddie Entitled').check();
    await popup.getByRole('button', { name: 'Authorize' }).click();
    await popup.waitForEvent('close');
    // The repeated request succeeded: the page shows Eddie's servers, not an error.
    await page.getByRole('main').getByRole('combobox', { name: 'Server' }).waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  });
});
