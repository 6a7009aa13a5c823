import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const baseUrl = (): string => inject('e2eBaseUrl');

/** One headless Chromium per test file; each test gets a fresh context (no cookies, no storage). */
export function useBrowser(): { newPage(options?: { width?: number; height?: number }): Promise<Page> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    });
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return {
    async newPage(options) {
      if (browser === undefined) throw new Error('browser not started');
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: options?.width ?? 1280, height: options?.height ?? 800 },
      });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      return context.newPage();
    },
  };
}
