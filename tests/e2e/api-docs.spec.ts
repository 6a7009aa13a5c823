import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser } from './support/browser.js';

const browser = useBrowser();

describe('the API reference at /api/docs', () => {
  it('shows the generated operations under the site’s own CSP, without a violation or a foreign request', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const foreign: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const ownOrigin = new URL(baseUrl()).origin;
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== ownOrigin) foreign.push(request.url());
    });

    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByText('Rampart API', { exact: false }).first().waitFor();
    await page.getByText('/api/audits/{id}', { exact: true }).first().waitFor();
    await expect(page.getByText('getAudit', { exact: true }).first().isVisible()).resolves.toBe(true);

    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
