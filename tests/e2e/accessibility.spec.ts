import AxeBuilder from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Audit } from '../../src/shared/contracts/audits.js';
import { THEME_STORAGE_KEY, type Theme } from '../../src/web/lib/theme.js';
import { useBrowser } from './support/browser.js';
import type { DEMO_NAMES } from './support/sign-in.js';
import { signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();
const THEMES: readonly Theme[] = ['dark', 'light'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/** Olivia's server (the bot is in it), audited by the admin for the audit pages. */
const AUDITED_SERVER = 'Pixel Plaza';

type Account = keyof typeof DEMO_NAMES | 'visitor';

interface PageVisit {
  account: Account;
  path: string;
  /** Opens a state worth checking (a menu, a dialog) after the page has loaded. */
  open?: (page: Page) => Promise<void>;
  name?: string;
}

async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('[role="status"][aria-busy="true"], .animate-spin').length === 0,
  );
  // Data that arrives without a spinner (evidence states on the checklist, counts) still moves the layout;
  // axe samples colours at positions it measured a moment before, so it must see the page at rest.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = document.body.innerHTML;
        let quietTicks = 0;
        // A page that never rests (a live clock) is measured after five seconds anyway.
        setTimeout(resolve, 5000);
        const timer = setInterval(() => {
          const now = document.body.innerHTML;
          quietTicks = now === last ? quietTicks + 1 : 0;
          last = now;
          if (quietTicks >= 5) {
            clearInterval(timer);
            resolve();
          }
        }, 100);
      }),
  );
}

async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
}

function describeViolations(
  visit: string,
  violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'],
): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ') ?? ''}`)
        .join('\n');
      return `${visit}: [${violation.impact ?? 'unknown'}] ${violation.id} (${violation.nodes.length}): ${violation.help}\n${nodes}`;
    })
    .join('\n');
}

/** One h1, and no heading more than one level deeper than the one before it. */
async function headingProblems(page: Page): Promise<string[]> {
  const levels = await page.$$eval('h1, h2, h3, h4, h5, h6', (headings) =>
    headings
      .filter((heading) => heading.closest('[aria-hidden="true"]') === null)
      .map((heading) => Number(heading.tagName.slice(1))),
  );
  const problems: string[] = [];
  if (levels.filter((level) => level === 1).length !== 1)
    problems.push(`expected one h1, found levels ${levels.join(',')}`);
  levels.forEach((level, index) => {
    const previous = index === 0 ? 0 : (levels[index - 1] ?? 0);
    if (level > previous + 1) problems.push(`h${level} follows h${previous} (levels ${levels.join(',')})`);
  });
  return problems;
}

describe('accessibility of every page in both themes', () => {
  let auditId = '';
  let auditedServerId = '';
  /** A page per account and theme, each in a context of its own: the two themes of a visit are audited at once. */
  const pages = new Map<`${Account} ${Theme}`, Page>();

  beforeAll(async () => {
    for (const account of ['visitor', 'olivia', 'eddie', 'ada', 'mona'] as const) {
      for (const theme of THEMES) {
        const page = await browser.newPage();
        await page.emulateMedia({ reducedMotion: 'reduce' });
        if (account === 'visitor') await page.goto('/');
        else await signInThroughDiscord(page, account);
        await useTheme(page, theme);
        pages.set(`${account} ${theme}`, page);
      }
    }
    // The admin audits one of Olivia's servers, so the audit pages have a completed audit to show.
    const ada = pages.get('ada light');
    if (ada === undefined) throw new Error('no admin page');
    const servers = (await (await ada.request.get('/api/admin/all-servers')).json()) as { id: string; name: string }[];
    const server = servers.find((item) => item.name === AUDITED_SERVER);
    auditedServerId = server?.id ?? '';
    // Two audits, so 'What changed since the last audit' has something to compare.
    for (let run = 0; run < 2; run += 1) {
      const started = (await (
        await ada.request.post('/api/audits', {
          data: { serverId: auditedServerId },
          headers: { origin: new URL(ada.url()).origin },
        })
      ).json()) as Audit;
      for (let attempt = 0; attempt < 100; attempt += 1) {
        const audit = (await (await ada.request.get(`/api/audits/${started.id}`)).json()) as Audit;
        if (audit.status === 'completed') break;
        if (audit.status === 'failed') throw new Error(`the audit failed: ${audit.failureReason ?? ''}`);
        await ada.waitForTimeout(200);
      }
      auditId = started.id;
    }
  });

  const visits = (): PageVisit[] => [
    { account: 'visitor', path: '/' },
    { account: 'visitor', path: '/about-our-audit' },
    { account: 'visitor', path: '/redeem' },
    {
      account: 'visitor',
      path: '/',
      name: 'staff sign-in dialog',
      open: async (page) => {
        await page.getByRole('button', { name: 'Staff sign-in' }).click();
        await page.getByRole('dialog', { name: 'Staff sign-in' }).getByLabel('Username').waitFor();
      },
    },
    // A certificate's public page for an id nobody issued; certificates.spec.ts checks real ones in every state.
    { account: 'visitor', path: '/verify/RMP-AAAAAAAAAAAAAAAAAAAAAAAAAA' },
    { account: 'olivia', path: '/paywall' },
    {
      account: 'olivia',
      path: '/paywall',
      name: 'checkout dialog, Cryptocurrency tab',
      open: async (page) => {
        await page.getByRole('button', { name: /^Choose Full Service/ }).click();
        await page.getByRole('dialog').getByRole('tab', { name: 'Cryptocurrency' }).click();
        await page.getByRole('button', { name: 'Monthly crypto subscription' }).waitFor();
      },
    },
    {
      account: 'olivia',
      path: '/paywall',
      name: 'monthly crypto subscription, currency step',
      open: async (page) => {
        await page.getByRole('button', { name: /^Choose DIY Audit/ }).click();
        const checkout = page.getByRole('dialog');
        await checkout.getByRole('tab', { name: 'Cryptocurrency' }).click();
        await checkout.getByRole('combobox', { name: 'Discord server' }).click();
        await page.getByRole('option').first().click();
        await checkout.getByRole('button', { name: 'Monthly crypto subscription' }).click();
        await page.getByRole('dialog', { name: 'Monthly crypto subscription' }).getByRole('radio').first().waitFor();
      },
    },
    { account: 'olivia', path: '/redeem' },
    { account: 'olivia', path: '/dashboard' },
    { account: 'olivia', path: '/certificates' },
    { account: 'eddie', path: '/' },
    { account: 'eddie', path: '/dashboard' },
    { account: 'eddie', path: '/audits' },
    {
      account: 'eddie',
      path: '/dashboard',
      name: 'bell open',
      open: (page) => page.getByRole('button', { name: 'Notifications' }).click(),
    },
    { account: 'eddie', path: '/evidence' },
    { account: 'eddie', path: '/certificates' },
    { account: 'eddie', path: '/notifications' },
    { account: 'eddie', path: '/engineer' },
    { account: 'eddie', path: '/billing' },
    { account: 'eddie', path: '/paywall/success' },
    { account: 'eddie', path: '/no-such-page' },
    { account: 'mona', path: '/audits' },
    { account: 'ada', path: '/dashboard' },
    { account: 'ada', path: '/admin' },
    {
      account: 'ada',
      path: '/admin',
      name: 'CSU Verification, Test Accounts and Activity open',
      open: async (page) => {
        const main = page.getByRole('main');
        for (const section of ['CSU Verification', 'Test Accounts', 'Activity']) {
          await main.getByRole('button', { name: section, exact: true }).click();
        }
        await main.getByRole('form', { name: 'Create a test account' }).waitFor();
        await settle(page);
      },
    },
    {
      account: 'ada',
      path: '/engineer',
      name: 'an audit with its failed checks, then the override dialog',
      open: async (page) => {
        const main = page.getByRole('main');
        await main.getByRole('combobox', { name: 'Server' }).click();
        await page.getByRole('option', { name: AUDITED_SERVER, exact: true }).click();
        await main
          .getByRole('button', { name: /^Override / })
          .first()
          .waitFor();
        await settle(page);
        await main
          .getByRole('button', { name: /^Override / })
          .first()
          .click();
        await page.getByRole('dialog').getByLabel('Reason').waitFor();
      },
    },
    {
      account: 'ada',
      path: '/engineer',
      name: 'DIY Security Instructions with a runbook open',
      open: async (page) => {
        const main = page.getByRole('main');
        await main.getByRole('tab', { name: 'DIY Security Instructions' }).click();
        await main
          .getByRole('button', { name: /^Open the steps for / })
          .first()
          .click();
        await main.getByRole('heading', { name: 'Steps' }).first().waitFor();
      },
    },
    {
      account: 'olivia',
      path: '/engineer',
      name: 'Evidence Management',
      open: async (page) => {
        await page.getByRole('main').getByRole('tab', { name: 'Evidence Management' }).click();
        await settle(page);
      },
    },
    {
      account: 'ada',
      path: '/audits',
      name: 'Continuous Monitoring card with the staff switch',
      open: async (page) => {
        const main = page.getByRole('main');
        await main.getByRole('combobox', { name: 'Server (all servers)' }).click();
        await page.getByRole('option', { name: AUDITED_SERVER, exact: true }).click();
        await main.getByRole('switch', { name: 'Enable monitoring for this server (staff)' }).waitFor();
        await settle(page);
      },
    },
    { account: 'ada', path: '/certificates' },
    { account: 'ada', path: `/audits/${auditId}` },
    { account: 'ada', path: `/audits/${auditId}/evidence` },
    { account: 'ada', path: `/audits?server=${auditedServerId}&changes=${auditId}` },
    {
      account: 'ada',
      path: `/audits?server=${auditedServerId}&changes=${auditId}`,
      name: 'What changed, with the unchanged checks open',
      open: async (page) => {
        const card = page.getByRole('main').getByRole('region', { name: 'What changed since the last audit' });
        await card.getByRole('button', { name: /^Unchanged \(/ }).click();
        await card.getByRole('button', { name: /^Unchanged \(/, expanded: true }).waitFor();
      },
    },
    {
      account: 'ada',
      path: `/audits/${auditId}`,
      name: 'How to Fix open',
      open: async (page) => {
        await page
          .getByRole('main')
          .getByRole('button', { name: /^How to Fix / })
          .first()
          .click();
        await page.getByRole('dialog').waitFor();
      },
    },
  ];

  async function audit(visit: PageVisit, theme: Theme): Promise<string[]> {
    const page = pages.get(`${visit.account} ${theme}`);
    if (page === undefined) throw new Error(`no page for ${visit.account} ${theme}`);
    const label = `${visit.account} ${visit.path}${visit.name === undefined ? '' : ` (${visit.name})`} [${theme}]`;
    await page.goto(visit.path);
    await settle(page);
    await visit.open?.(page);
    expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
    const failures = blocking.length > 0 ? [describeViolations(label, blocking)] : [];
    if (visit.open === undefined)
      failures.push(...(await headingProblems(page)).map((problem) => `${label}: ${problem}`));
    return failures;
  }

  it('has no serious or critical axe violations and orderly headings', async () => {
    const failures: string[] = [];
    for (const visit of visits()) {
      const perTheme = await Promise.all(THEMES.map((theme) => audit(visit, theme)));
      failures.push(...perTheme.flat());
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);
});
