import { expect } from 'vitest';
import type { Page } from 'playwright-core';

export const DEMO_NAMES = {
  olivia: 'Olivia Owner',
  eddie: 'Eddie Entitled',
  ada: 'Ada Admin',
  mona: 'Mona Moderator',
} as const;

/**
 * From the landing page, through the simulated Discord consent page, back into the app. `origin` names
 * another server than the run's shared one (a file that starts a server of its own).
 */
export async function signInThroughDiscord(page: Page, account: keyof typeof DEMO_NAMES, origin = ''): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByRole('link', { name: 'Sign in with Discord' }).first().click();
  await page.getByLabel(DEMO_NAMES[account]).check();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/_sim/') && !url.pathname.startsWith('/api/'));
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname);
  expect(new URL(page.url()).pathname).toBe(pathname);
}
