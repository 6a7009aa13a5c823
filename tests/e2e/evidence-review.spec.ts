import AxeBuilder from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Audit, AuditWithChecks, StoredCheckResult } from '../../src/shared/contracts/audits.js';
import { THEME_STORAGE_KEY, type Theme } from '../../src/web/lib/theme.js';
import { useBrowser } from './support/browser.js';
import { expectPath, signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();

/** Olivia's server (the bot is in it): the admin audits it, Olivia disputes two failed checks. */
const SERVER = 'Pixel Plaza';
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PDF_TEXT = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n';

const sessions: Partial<Record<'olivia' | 'ada', Page>> = {};
function session(account: 'olivia' | 'ada'): Page {
  const page = sessions[account];
  if (page === undefined) throw new Error(`${account} is not signed in`);
  return page;
}

const escaped = (text: string) => new RegExp(text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const originOf = (page: Page) => ({ origin: new URL(page.url()).origin });
const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });

/** A fresh completed audit of the server, so its threads are this file's own. */
async function auditServer(ada: Page): Promise<AuditWithChecks> {
  const servers = (await (await ada.request.get('/api/admin/all-servers')).json()) as { id: string; name: string }[];
  const server = servers.find((item) => item.name === SERVER);
  if (server === undefined) throw new Error(`no server named ${SERVER}`);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const started = await ada.request.post('/api/audits', { data: { serverId: server.id }, headers: originOf(ada) });
    if (started.status() === 201 || started.status() === 200) {
      const { id } = (await started.json()) as Audit;
      for (let poll = 0; poll < 150; poll += 1) {
        const audit = (await (await ada.request.get(`/api/audits/${id}`)).json()) as AuditWithChecks;
        if (audit.status === 'completed') return audit;
        if (audit.status === 'failed') throw new Error(`the audit failed: ${audit.failureReason ?? ''}`);
        await ada.waitForTimeout(200);
      }
      throw new Error('the audit did not finish');
    }
    // 409: another file's audit of the server is still running.
    await ada.waitForTimeout(300);
  }
  throw new Error('could not start an audit');
}

async function submitEvidence(owner: Page, auditId: string, check: StoredCheckResult, content: string) {
  const response = await owner.request.post('/api/evidence/threads', {
    data: { auditId, checkId: check.checkId, content },
    headers: originOf(owner),
  });
  expect(response.status(), await response.text()).toBe(201);
}

async function chooseStatus(page: Page, label: string): Promise<void> {
  await page.getByRole('main').getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function axeProblems(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${label}: [${violation.impact ?? ''}] ${violation.id}: ${violation.help}\n    ${violation.nodes
          .slice(0, 5)
          .map((node) => node.target.join(' '))
          .join('\n    ')}`,
    );
}

async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR !== undefined) await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

const stamp = Date.now().toString(36);
const firstText = `${stamp}-first: our moderators use 2FA, see the onboarding bot logs`;
const secondText = `${stamp}-second: webhooks are rotated monthly by the ops team`;
const testText = `${stamp}-test: staff trying the review flow`;
let audit: AuditWithChecks;
/** Two failed plain-evidence checks the owner disputes, and a third for the test-evidence tool. */
let disputed: StoredCheckResult[] = [];
let tested: StoredCheckResult;

beforeAll(async () => {
  const olivia = await browser.newPage();
  await signInThroughDiscord(olivia, 'olivia');
  sessions.olivia = olivia;
  const ada = await browser.newPage();
  // Menus that are closing do not linger beside the next one opened.
  await ada.emulateMedia({ reducedMotion: 'reduce' });
  await signInThroughDiscord(ada, 'ada');
  sessions.ada = ada;
  audit = await auditServer(ada);
  // Plain-evidence checks only (manual ones need their card); other specs' approvals may have waived some.
  const failed = audit.checkResults.filter((check) => check.status === 'FAIL' && !check.requiresManualEvidence);
  const third = failed[2];
  if (third === undefined) throw new Error(`${SERVER} has fewer than three failed checks`);
  disputed = failed.slice(0, 2);
  tested = third;
});

describe('the evidence review panel', () => {
  it('shows an owner’s new evidence live, filters by search and status, and takes a reply and an approval', async () => {
    const ada = session('ada');
    const [first, second] = disputed;
    if (first === undefined || second === undefined) throw new Error('no failed checks');
    await ada.goto('/admin/evidence');
    const main = ada.getByRole('main');
    await main.getByRole('heading', { name: 'Evidence Review', level: 1 }).waitFor();
    await main.getByText('Loading evidence threads...').waitFor({ state: 'detached' });

    // Submitted by the owner while the panel is open: it arrives without a reload.
    await submitEvidence(session('olivia'), audit.id, first, firstText);
    await submitEvidence(session('olivia'), audit.id, second, secondText);
    const group = main.getByRole('list', { name: `Threads of ${SERVER}` });
    await group.getByRole('button', { name: new RegExp(`${stamp}-first`) }).waitFor();
    await group.getByRole('button', { name: new RegExp(`${stamp}-second`) }).waitFor();
    await main.getByRole('heading', { name: escaped(SERVER), level: 2 }).waitFor();

    // Search narrows to the first thread (its text is in a message), the second disappears.
    await main.getByRole('searchbox', { name: 'Search threads' }).fill(`${stamp}-first`);
    await group.getByRole('button', { name: new RegExp(`${stamp}-second`) }).waitFor({ state: 'detached' });
    const row = group.getByRole('button', { name: escaped(first.checkName) });
    expect(await group.getByRole('listitem').count()).toBeGreaterThanOrEqual(1);
    await row.waitFor();
    expect(await row.textContent()).toContain('Under Review');

    await chooseStatus(ada, 'Resolved');
    await main.getByText('No Evidence Threads').waitFor();
    await chooseStatus(ada, 'Under Review');
    await row.waitFor();
    // A reply moves the thread out of 'Under Review'; it stays in view under all statuses.
    await chooseStatus(ada, 'All Statuses');

    // Expanded: the owner's message, a reply box that needs text, the decision.
    await row.click();
    await main.getByRole('log', { name: 'Messages' }).getByText(firstText).waitFor();
    const reply = main.getByRole('button', { name: 'Send Reply' });
    expect(await reply.isDisabled()).toBe(true);
    await main.getByLabel('Reply').fill('   ');
    expect(await reply.isDisabled()).toBe(true);
    await main.getByLabel('Reply').fill('Thanks, could you add a screenshot of the setting?');
    await reply.click();
    await toasts(ada).getByText('Message Sent').waitFor();
    await main.getByRole('log', { name: 'Messages' }).getByText('could you add a screenshot').waitFor();
    await row.filter({ hasText: 'Awaiting Your Response' }).waitFor();

    if (SCREENSHOT_DIR !== undefined) {
      await ada.setViewportSize({ width: 375, height: 812 });
      await screenshot(ada, 'admin-evidence-375');
      await ada.setViewportSize({ width: 1280, height: 800 });
      await screenshot(ada, 'admin-evidence-desktop');
    }

    await main.getByLabel('Admin Notes').fill('Verified on the server settings page.');
    await main.getByRole('button', { name: 'Approve' }).click();
    await toasts(ada).getByText('Evidence approved').waitFor();
    await row.filter({ hasText: 'Resolved' }).waitFor();
    await main.getByText('This thread was resolved by an admin.').waitFor();
    expect(await main.getByLabel('Reply').count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await main.getByRole('log', { name: 'Messages' }).getByText('Verified on the server settings page.').waitFor();

    const decided = (await (await ada.request.get(`/api/audits/${audit.id}`)).json()) as AuditWithChecks;
    expect(decided.checkResults.find((check) => check.checkId === first.checkId)?.status).toBe('WAIVED');
  });

  it('opens Evidence Review on /admin?tab=evidence, with the spec’s sections in order, then Activity', async () => {
    const ada = session('ada');
    await ada.goto('/admin?tab=evidence');
    const main = ada.getByRole('main');
    const sections = main.getByRole('heading', { level: 2 });
    await sections.first().waitFor();
    expect(await sections.allTextContents()).toEqual([
      'Entitlements',
      'Service Engagements',
      'Certificate Approval',
      'CSU Verification',
      'Test Accounts',
      'Evidence Review',
      'Evidence Debug',
      'Coupons',
      'Activity',
    ]);
    expect(await main.getByRole('button', { name: 'Evidence Review', exact: true }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await main.getByRole('button', { name: 'Coupons', exact: true }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    await main.getByRole('searchbox', { name: 'Search threads' }).waitFor();
    // Scrolled into view: the section's heading is on screen.
    const heading = await main.getByRole('heading', { name: 'Evidence Review', level: 2 }).boundingBox();
    expect(heading?.y).toBeGreaterThanOrEqual(0);
    expect(heading?.y).toBeLessThan(ada.viewportSize()?.height ?? 0);
    if (SCREENSHOT_DIR !== undefined) {
      await ada.setViewportSize({ width: 375, height: 812 });
      await screenshot(ada, 'admin-tab-evidence-375');
      await ada.setViewportSize({ width: 1280, height: 800 });
    }

    await main.getByRole('button', { name: 'Coupons', exact: true }).click();
    await main.getByRole('form', { name: 'Create a coupon' }).waitFor();
  });

  it('lists evidence records per server, refuses blank test evidence and submits test evidence', async () => {
    const ada = session('ada');
    await ada.goto('/admin');
    const main = ada.getByRole('main');
    await main.getByRole('button', { name: 'Evidence Debug', exact: true }).click();
    const records = main.getByRole('list', { name: 'Evidence records' });
    await records.getByText(`${stamp}-second`).waitFor();

    await main.getByRole('combobox', { name: 'Evidence status' }).click();
    await ada.getByRole('option', { name: 'Approved' }).click();
    // The list shown before stays until the approved records arrive.
    await records.getByText(`${stamp}-second`).waitFor({ state: 'detached' });
    await records.getByText(`${stamp}-first`).waitFor();

    await main.getByRole('combobox', { name: 'Server', exact: true }).first().click();
    await ada.getByRole('option', { name: 'Wild West Lounge' }).click();
    await main.getByText('No evidence found for this server').waitFor();

    const tool = main.getByRole('region', { name: 'Test evidence' });
    await tool.getByRole('combobox', { name: 'Server' }).click();
    await ada.getByRole('option', { name: SERVER }).click();
    await tool.getByRole('combobox', { name: 'Completed audit' }).click();
    await ada
      .getByRole('option', { name: /\(score/ })
      .first()
      .click();
    await tool.getByRole('combobox', { name: 'Check' }).click();
    await ada.getByRole('option', { name: `${tested.checkName} (Failed)` }).click();
    await tool.getByRole('button', { name: 'Submit Test Evidence' }).click();
    await toasts(ada).getByText('Please enter test evidence content.').waitFor();

    await tool.getByLabel('Test evidence content').fill(testText);
    await tool.getByRole('button', { name: 'Submit Test Evidence' }).click();
    // Its 'Evidence Submitted' toast may give way at once to the staff-wide 'New Evidence' one it raises.
    await expect.poll(() => tool.getByLabel('Test evidence content').inputValue()).toBe('');
    await main.getByRole('combobox', { name: 'Server', exact: true }).first().click();
    await ada.getByRole('option', { name: 'All servers' }).click();
    await main.getByRole('combobox', { name: 'Evidence status' }).click();
    await ada.getByRole('option', { name: 'Pending' }).click();
    await records.getByText(testText).waitFor();
  });

  it('rejects the test evidence from the panel, leaving the check failed', async () => {
    const ada = session('ada');
    await ada.goto('/admin/evidence');
    const main = ada.getByRole('main');
    await main.getByRole('searchbox', { name: 'Search threads' }).fill(`${stamp}-test`);
    const row = main.getByRole('button', { name: escaped(tested.checkName) });
    await row.click();
    await main.getByRole('log', { name: 'Messages' }).getByText(testText).waitFor();
    await main.getByRole('button', { name: 'Reject' }).click();
    await toasts(ada).getByText('Evidence rejected').waitFor();
    await row.filter({ hasText: 'Resolved' }).waitFor();
    const after = (await (await ada.request.get(`/api/audits/${audit.id}`)).json()) as AuditWithChecks;
    expect(after.checkResults.find((check) => check.checkId === tested.checkId)?.status).toBe('FAIL');
  });

  it('is not found for anyone but staff', async () => {
    const olivia = session('olivia');
    for (const path of ['/admin', '/admin/evidence', '/admin?tab=evidence']) {
      await olivia.goto(path);
      await olivia.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
      await expectPath(olivia, path.split('?')[0] ?? path);
    }
  });

  it('has no serious axe violations with a thread open (and Evidence Debug on /admin), in both themes', async () => {
    const ada = session('ada');
    const problems: string[] = [];
    for (const theme of ['dark', 'light'] as const) {
      for (const path of ['/admin?tab=evidence', '/admin/evidence']) {
        await useTheme(ada, theme);
        await ada.goto(path);
        const main = ada.getByRole('main');
        const row = main.getByRole('button', { name: escaped(disputed[1]?.checkName ?? 'none') }).first();
        await row.click();
        await main.getByRole('log', { name: 'Messages' }).waitFor();
        await main.getByLabel('Admin Notes').waitFor();
        if (path.startsWith('/admin?')) {
          await main.getByRole('button', { name: 'Evidence Debug', exact: true }).click();
          await main.getByRole('list', { name: 'Evidence records' }).waitFor();
        }
        expect(await ada.evaluate(() => document.documentElement.className)).toContain(theme);
        problems.push(...(await axeProblems(ada, `${path} [${theme}]`)));
        await screenshot(ada, `${path.replaceAll(/[/?=]/g, '_')}-${theme}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 120_000);

  it('shows attachments: image thumbnails linking to the file, documents to download, configuration data indented', async () => {
    const olivia = session('olivia');
    const [, second] = disputed;
    if (second === undefined) throw new Error('no second check');
    const uploaded = await olivia.request.post('/api/evidence/files', {
      headers: originOf(olivia),
      multipart: {
        files: { name: 'settings.png', mimeType: 'image/png', buffer: Buffer.from(ONE_PIXEL_PNG, 'base64') },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const [image] = ((await uploaded.json()) as { files: { id: string; url: string }[] }).files;
    const pdf = await olivia.request.post('/api/evidence/files', {
      headers: originOf(olivia),
      multipart: { files: { name: 'policy.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF_TEXT) } },
    });
    const [document] = ((await pdf.json()) as { files: { id: string }[] }).files;
    const found = (await (
      await olivia.request.get(`/api/evidence/threads?scope=mine&auditId=${audit.id}&checkId=${second.checkId}`)
    ).json()) as { threads: { id: string }[] };
    const threadId = found.threads[0]?.id ?? '';
    const post = (data: unknown) =>
      olivia.request.post(`/api/evidence/threads/${threadId}/messages`, { data, headers: originOf(olivia) });
    const withFiles = await post({
      content: 'The settings page and our policy',
      attachments: [
        { type: 'screenshot', fileIds: [image?.id] },
        { type: 'document', fileIds: [document?.id] },
      ],
    });
    expect(withFiles.status(), await withFiles.text()).toBe(201);
    expect(
      (
        await post({ content: '{"verificationLevel":3,"roles":["Moderator"]}', attachments: [{ type: 'json' }] })
      ).status(),
    ).toBe(201);

    const ada = session('ada');
    await ada.goto('/admin/evidence');
    const main = ada.getByRole('main');
    await main.getByRole('searchbox', { name: 'Search threads' }).fill(`${stamp}-second`);
    await main.getByRole('button', { name: escaped(second.checkName) }).click();
    const log = main.getByRole('log', { name: 'Messages' });
    const thumbnail = log.getByRole('link', { name: 'settings.png' });
    expect(await thumbnail.getAttribute('href')).toBe(image?.url);
    await expect
      .poll(() => thumbnail.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await log.getByRole('link', { name: /policy\.pdf/ }).waitFor();
    expect(await log.locator('pre').textContent()).toBe(
      '{\n  "verificationLevel": 3,\n  "roles": [\n    "Moderator"\n  ]\n}',
    );
    await screenshot(ada, 'attachments-desktop');
  });

  it('waives a check with the reason given under the override switch', async () => {
    const ada = session('ada');
    const [, second] = disputed;
    if (second === undefined) throw new Error('no second check');
    await ada.goto('/admin/evidence');
    const main = ada.getByRole('main');
    await main.getByRole('searchbox', { name: 'Search threads' }).fill(`${stamp}-second`);
    await main.getByRole('button', { name: escaped(second.checkName) }).click();
    await main.getByRole('switch', { name: /Override check status/ }).click();
    const waive = main.getByRole('button', { name: 'Waive Check' });
    expect(await waive.isDisabled()).toBe(true);
    await main.getByLabel('Waive Reason').fill('Accepted risk: webhooks rotate monthly');
    await waive.click();
    await toasts(ada).getByText('Evidence approved').waitFor();
    await main.getByText('This thread was resolved by an admin.').waitFor();
    const after = (await (await ada.request.get(`/api/audits/${audit.id}`)).json()) as AuditWithChecks;
    const check = after.checkResults.find((item) => item.checkId === second.checkId);
    expect(check?.status).toBe('WAIVED');
    expect(check?.waiveReason).toBe('Accepted risk: webhooks rotate monthly');
  });
});
