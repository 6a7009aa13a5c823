import type { Locator, Page } from 'playwright-core';

/**
 * Closes a dialog with Escape. A toast still open sits above the dialog in Radix's stack of dismissable
 * layers and takes the first press, so this presses again (at most three times) until the dialog is gone.
 */
export async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  for (let press = 0; press < 3 && (await dialog.isVisible()); press += 1) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 1000 }).catch(() => undefined);
  }
  await dialog.waitFor({ state: 'detached' });
}
