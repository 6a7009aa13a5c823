import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Audit, AuditWithChecks, StoredCheckResult } from '../../src/shared/contracts/audits.js';
import { manualChecklistFor } from '../../src/shared/evidence-rules.js';
import { THEME_STORAGE_KEY, type Theme } from '../../src/web/lib/theme.js';
import { baseUrl, useBrowser } from './support/browser.js';
import { signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();
/** Olivia's server with the bot in it; staff audit it, since Olivia has no plan of her own. */
const SERVER = 'Pixel Plaza';
const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR;
/** A 1×1 PNG: the server checks uploads by their content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const EVIDENCE_TEXT = 'Member screening is enabled in Server Settings; the screenshot shows it.';

async function auditServerAsStaff(page: Page): Promise<AuditWithChecks> {
  const servers = (await (await page.request.get('/api/admin/all-servers')).json()) as { id: string; name: string }[];
  const server = servers.find((item) => item.name === SERVER);
  if (server === undefined) throw new Error(`${SERVER} is not known yet`);
  const started = (await (
    await page.request.post('/api/audits', { data: { serverId: server.id }, headers: { origin: baseUrl() } })
  ).json()) as Audit;
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const audit = (await (await page.request.get(`/api/audits/${started.id}`)).json()) as AuditWithChecks;
    if (audit.status === 'completed') return audit;
    if (audit.status === 'failed') throw new Error(`the audit failed: ${audit.failureReason ?? ''}`);
    await page.waitForTimeout(200);
  }
  throw new Error('the audit did not finish');
}

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${label}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(blocking, blocking.join('\n')).toEqual([]);
}

async function inBothThemes(page: Page, path: string, check: (theme: Theme) => Promise<void>): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [THEME_STORAGE_KEY, theme] as const);
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await check(theme);
  }
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENSHOT_DIR === undefined) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

describe('an owner disputes a failed check with evidence', () => {
  let audit: AuditWithChecks;
  let check: StoredCheckResult;
  let owner: Page;
  let staff: Page;
  let threadPath = '';

  beforeAll(async () => {
    // Olivia signs in first: her sign-in is what makes her servers known to staff.
    owner = await browser.newPage();
    await signInThroughDiscord(owner, 'olivia');
    staff = await browser.newPage();
    await signInThroughDiscord(staff, 'ada');
    audit = await auditServerAsStaff(staff);
    const failed = audit.checkResults.find(
      (item) =>
        item.status === 'FAIL' && !item.requiresManualEvidence && manualChecklistFor(item.checkId) === undefined,
    );
    if (failed === undefined) throw new Error('expected a failed check that takes the Submit Evidence dialog');
    check = failed;
  });

  it('submits evidence with a screenshot, sees the thread under review and replies', async () => {
    await owner.goto(`/audits/${audit.id}`);
    const item = owner.getByRole('main').getByRole('listitem', { name: check.checkName });
    await item.getByRole('button', { name: `Submit Evidence for ${check.checkName}` }).click();
    const dialog = owner.getByRole('dialog', { name: 'Submit Evidence' });
    await dialog.waitFor();

    // Empty text is refused in the browser, with the spec's toast.
    await dialog.getByRole('button', { name: 'Submit Evidence' }).click();
    await owner.getByText('Please provide evidence details before submitting.', { exact: true }).waitFor();

    // Configuration data that does not parse is said inline, before anything is sent.
    await dialog.getByRole('radio', { name: 'Configuration Data' }).check();
    await dialog.getByLabel('Configuration data (JSON)').fill('{"memberScreening": }');
    await dialog.getByRole('alert').filter({ hasText: 'Configuration data must be valid JSON' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Submit Evidence' }).isDisabled()).toBe(true);

    // A screenshot: a file over 5 MB is left out with the reason; the PNG is listed with a preview.
    await dialog.getByRole('radio', { name: 'Screenshot' }).check();
    await dialog.getByLabel('What the screenshots show').fill(EVIDENCE_TEXT);
    await dialog.getByLabel('Screenshots', { exact: true }).setInputFiles([
      { name: 'too-big.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) },
      { name: 'screening.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await dialog.getByText('"too-big.png" is 6.0 MB; each file may be at most 5 MB.').waitFor();

    // A file that only claims to be a PNG passes the browser's check; the server reads its content and
    // refuses it, and the dialog keeps everything the owner entered.
    await dialog
      .getByLabel('Screenshots', { exact: true })
      .setInputFiles([
        { name: 'not-really.png', mimeType: 'image/png', buffer: Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff]) },
      ]);
    await dialog.getByRole('button', { name: 'Submit Evidence' }).click();
    await owner.getByText('Submission Failed', { exact: true }).waitFor();
    await owner
      .getByText(/^not-really\.png: Only PNG, JPEG or WebP images/)
      .first()
      .waitFor();
    expect(await dialog.getByLabel('What the screenshots show').inputValue()).toBe(EVIDENCE_TEXT);
    await dialog.getByRole('button', { name: 'Remove not-really.png' }).click();
    await dialog.getByRole('img', { name: 'Preview of screening.png' }).waitFor();
    await dialog.getByRole('button', { name: 'Remove screening.png' }).waitFor();
    await screenshot(owner, 'dialog-desktop');

    await dialog.getByRole('button', { name: 'Submit Evidence' }).click();
    await owner.getByText('Your evidence has been submitted for admin review.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The discussion opens on the new thread, under review, with the screenshot as a thumbnail.
    await item.getByText('Under Review').waitFor();
    await item.getByText(EVIDENCE_TEXT).waitFor();
    const thumbnail = item.getByRole('img', { name: 'screening.png' });
    await thumbnail.waitFor();
    // Served as an attachment with nosniff, the file still loads as an image (the CSP allows our own files).
    await expect.poll(() => thumbnail.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(1);

    const reply = 'The setting has been on since March.';
    const send = item.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await item.getByLabel('Reply').fill(reply);
    await send.click();
    await owner.getByText('Message Sent', { exact: true }).waitFor();
    await item.getByText(reply).waitFor();
    await screenshot(owner, 'discussion-desktop');
  });

  it('lists the evidence on the audit’s evidence page and on Evidence Reviews', async () => {
    await owner.goto(`/audits/${audit.id}/evidence`);
    const main = owner.getByRole('main');
    await main.getByRole('heading', { name: 'Evidence Status', exact: true }).waitFor();
    await main.getByText(EVIDENCE_TEXT).waitFor();
    await main.getByText('Pending', { exact: true }).waitFor();
    await main.getByText(check.checkId, { exact: true }).waitFor();
    await main.getByRole('link', { name: 'View Discussion' }).waitFor();

    await owner.goto('/evidence');
    await main.getByRole('heading', { name: 'Evidence Reviews', exact: true }).waitFor();
    await main.getByText(EVIDENCE_TEXT).waitFor();
    // Other specs dispute Olivia's servers too: the counts must agree with what the API holds for her.
    const mine = (await (await owner.request.get('/api/user/evidence')).json()) as { status: string }[];
    const count = (status?: string) =>
      String(mine.filter((item) => status === undefined || item.status === status).length);
    const counts = main.getByRole('definition');
    expect(await counts.allTextContents()).toEqual([count(), count('PENDING'), count('APPROVED'), count('REJECTED')]);
    expect(Number(count('PENDING'))).toBeGreaterThanOrEqual(1);
    await main.locator(`a[href="/audits/${audit.id}/evidence"]`).first().click();
    await owner.waitForURL((url) => url.pathname === `/audits/${audit.id}/evidence`);
  });

  it('shows the thread to its owner without the decision panel, and to staff with it', async () => {
    await owner.goto(`/audits/${audit.id}/evidence`);
    await owner.getByRole('main').getByRole('link', { name: 'View Discussion' }).click();
    await owner.waitForURL((url) => url.pathname.startsWith('/evidence/threads/'));
    threadPath = new URL(owner.url()).pathname;
    await owner.getByRole('main').getByText(EVIDENCE_TEXT).waitFor();
    expect(await owner.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    await staff.goto(threadPath);
    await staff.getByRole('heading', { name: 'Decision' }).waitFor();
    await staff.getByRole('button', { name: 'Approve' }).waitFor();

    await owner.goto('/evidence/threads/00000000-0000-4000-8000-000000000000');
    await owner.getByRole('heading', { name: 'Thread not found' }).waitFor();
  });

  it('has no serious axe violations in either theme on the evidence screens', async () => {
    const servers = (await (await owner.request.get('/api/servers')).json()) as { id: string; name: string }[];
    const serverId = servers.find((item) => item.name === SERVER)?.id ?? '';
    const threadId = (
      (await (await owner.request.get(`/api/evidence/by-audit/${audit.id}`)).json()) as { threadId: string }[]
    )[0]?.threadId;
    await inBothThemes(owner, `/audits?server=${serverId}`, async (theme) => {
      const item = owner.getByRole('main').getByRole('listitem', { name: check.checkName });
      await item.getByRole('button', { name: `Evidence Discussion for ${check.checkName}` }).click();
      await item.getByText('Under Review').waitFor();
      await expectNoSeriousViolations(owner, `/audits discussion [${theme}]`);
      const failing = audit.checkResults.find((other) => other.status === 'FAIL' && other.id !== check.id);
      if (failing !== undefined && failing.requiresManualEvidence === false) {
        await owner.getByRole('button', { name: `Submit Evidence for ${failing.checkName}` }).click();
        const dialog = owner.getByRole('dialog', { name: 'Submit Evidence' });
        await dialog.getByRole('radio', { name: 'Screenshot' }).check();
        await dialog
          .getByLabel('Screenshots', { exact: true })
          .setInputFiles([{ name: 'settings.png', mimeType: 'image/png', buffer: PNG }]);
        await dialog.getByRole('img', { name: 'Preview of settings.png' }).waitFor();
        await expectNoSeriousViolations(owner, `/audits dialog [${theme}]`);
        await owner.keyboard.press('Escape');
      }
    });
    for (const path of [`/audits/${audit.id}/evidence`, '/evidence', `/evidence/threads/${threadId ?? ''}`]) {
      await inBothThemes(owner, path, async (theme) => {
        await owner.getByRole('main').getByText(EVIDENCE_TEXT).first().waitFor();
        await expectNoSeriousViolations(owner, `${path} [${theme}]`);
      });
    }
    await inBothThemes(staff, `/evidence/threads/${threadId ?? ''}`, async (theme) => {
      await staff.getByRole('button', { name: 'Approve' }).waitFor();
      await expectNoSeriousViolations(staff, `staff thread [${theme}]`);
    });
  }, 240_000);

  it('fits a 375 px wide screen', async () => {
    const phone = await browser.newPage({ width: 375, height: 812 });
    await signInThroughDiscord(phone, 'olivia');
    const threadId = (
      (await (await phone.request.get(`/api/evidence/by-audit/${audit.id}`)).json()) as { threadId: string }[]
    )[0]?.threadId;
    for (const [name, path] of [
      ['audit-evidence', `/audits/${audit.id}/evidence`],
      ['evidence', '/evidence'],
      ['thread', `/evidence/threads/${threadId ?? ''}`],
    ] as const) {
      await phone.goto(path);
      await phone.getByRole('main').getByText(EVIDENCE_TEXT).first().waitFor();
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await screenshot(phone, `${name}-375`);
    }
    await phone.goto(`/audits/${audit.id}`);
    const item = phone.getByRole('main').getByRole('listitem', { name: check.checkName });
    await item.getByRole('button', { name: `Evidence Discussion for ${check.checkName}` }).click();
    await item.getByText('Under Review').waitFor();
    await screenshot(phone, 'audit-375');
  });

  it('takes the manual evidence card on a manual check, with its checklist and acknowledgement', async () => {
    const manual = audit.checkResults.find((item) => item.checkId === 'CSU_OWNER_VERIFICATION');
    if (manual === undefined || manual.status === 'PASS') throw new Error('expected the owner check to need evidence');
    await owner.goto(`/audits/${audit.id}`);
    const item = owner.getByRole('main').getByRole('listitem', { name: manual.checkName });
    await item.getByRole('button', { name: `Provide Manual Evidence for ${manual.checkName}` }).click();
    const form = item.getByRole('form', { name: 'Manual evidence' });
    await form.getByText('0/6').waitFor();
    const items = manualChecklistFor(manual.checkId) ?? [];
    for (const text of items.slice(0, 2)) await form.getByLabel(text).check();
    await form.getByText('2/6').waitFor();

    await form.getByRole('button', { name: 'Submit Evidence' }).click();
    await owner.getByText('Please provide a description of your evidence.', { exact: true }).waitFor();
    await form.getByLabel('Description of your evidence').fill('The owner account is a dedicated CSU with a key.');
    await form.getByRole('button', { name: 'Submit Evidence' }).click();
    await owner
      .getByText('Please acknowledge that you understand the security implications.', { exact: true })
      .waitFor();
    await form.getByLabel(/^I AGREE/).check();
    await form.getByRole('button', { name: 'Submit Evidence' }).click();
    await owner.getByText('Your evidence has been submitted for admin review.', { exact: true }).waitFor();

    await item.getByText('Checklist: 2/6 completed').waitFor();
    await item.getByText('Under Review').waitFor();
  });

  it('follows a staff reply and the approval live, refreshing the checklist without a reload', async () => {
    await owner.goto(`/audits/${audit.id}`);
    const item = owner.getByRole('main').getByRole('listitem', { name: check.checkName });
    await item.getByText('Failed', { exact: true }).waitFor();
    await item.getByRole('button', { name: `Evidence Discussion for ${check.checkName}` }).click();
    await item.getByText('Under Review').waitFor();

    // A staff reply reaches the open panel live, marked as staff.
    await staff.goto(threadPath);
    const question = 'Thanks, is screening required for every new member?';
    await staff.getByLabel('Reply').fill(question);
    await staff.getByRole('button', { name: 'Send' }).click();
    const staffMessage = item.getByRole('listitem').filter({ hasText: question });
    await staffMessage.getByText('Staff', { exact: true }).waitFor();
    await item.getByText('Awaiting Your Response').waitFor();

    await staff.getByLabel('Admin notes').fill('Screening confirmed in the settings screenshot.');
    await staff.getByLabel('Waive reason').fill('Member screening verified by Rampart staff');
    await staff.getByRole('button', { name: 'Approve' }).click();
    await staff.getByText('Evidence approved', { exact: true }).waitFor();

    await item.getByText('Waived', { exact: true }).waitFor();
    await item.getByText(/^Waiver expires /).waitFor();
    await item.getByText('Resolved', { exact: true }).waitFor();
    await item
      .getByText('This thread was resolved by an admin. The final decision is in the messages above.')
      .waitFor();
    expect(await item.getByLabel('Reply').count()).toBe(0);
  });
});
