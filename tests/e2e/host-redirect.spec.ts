import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser.js';
import { DEMO_NAMES, expectPath } from './support/sign-in.js';

const browser = useBrowser();

describe('opening the app under another name than PUBLIC_URL', () => {
  it('moves to PUBLIC_URL first, so signing in through Discord works', async () => {
    const publicUrl = new URL(baseUrl());
    expect(publicUrl.hostname).toBe('127.0.0.1');
    const otherName = new URL('/?from=bookmark', publicUrl);
    otherName.hostname = 'localhost';

    const page = await browser.newPage();
    await page.goto(otherName.href);
    await page.getByRole('link', { name: 'Sign in with Discord' }).first().click();
    await page.getByLabel(DEMO_NAMES.eddie).check();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expectPath(page, '/dashboard');
    expect(new URL(page.url()).origin).toBe(publicUrl.origin);
  });
});
