import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AuditWithChecks } from '../../src/shared/contracts/audits.js';
import { HARDENED_GUILD_ID } from '../../src/simulators/discord/fixtures/index.js';
import { readInfoString } from '../helpers/pdf.js';
import { baseUrl, useBrowser } from './support/browser.js';
import { closeWithEscape } from './support/dialogs.js';
import { expectPath, signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();
const SERVER = 'Citadel Security Lab';
/** The audit the first test runs and the owner self-attests a check of; the second test reviews it as staff. */
let ownerClaimedAuditId = '';

async function chooseServer(page: Page, name: string): Promise<void> {
  await page.getByRole('main').getByRole('combobox', { name: 'Server' }).click();
  await page.getByRole('option', { name }).click();
}

async function latestAudit(page: Page): Promise<AuditWithChecks> {
  const servers = (await (await page.request.get('/api/servers')).json()) as { id: string; name: string }[];
  const server = servers.find((s) => s.name === SERVER);
  const [latest] = (await (await page.request.get(`/api/servers/${server?.id ?? ''}/audits`)).json()) as {
    id: string;
  }[];
  return (await (await page.request.get(`/api/audits/${latest?.id ?? ''}`)).json()) as AuditWithChecks;
}

async function setDiscordLatency(page: Page, ms: number): Promise<void> {
  const response = await page.request.put('/_sim/discord/_control/latency', {
    data: { ms },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
}

describe('running an audit from the browser', () => {
  it('invites the bot, runs an audit live, and shows numbers that agree with the API', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'eddie');
    await expectPath(page, '/dashboard');
    await page.goto('/audits');
    await chooseServer(page, SERVER);
    const main = page.getByRole('main');

    // Before the invite the audit fails with the invite message.
    await main.getByRole('button', { name: 'Run New Audit' }).click();
    await main.getByRole('alert').filter({ hasText: 'Rampart bot is not in this server' }).waitFor();

    // The invite opens Discord's (simulated) consent page in a new tab.
    const [invite] = await Promise.all([
      page.context().waitForEvent('page'),
      main.getByRole('button', { name: 'Invite', exact: true }).first().click(),
    ]);
    await invite.waitForLoadState();
    expect(new URL(invite.url()).searchParams.get('permissions')).toBe('8');
    expect(new URL(invite.url()).searchParams.get('guild_id')).toBe(HARDENED_GUILD_ID);
    await invite.getByLabel('Eddie Entitled').check();
    await invite.getByRole('button', { name: 'Authorize' }).click();
    await invite.getByText('Bot added', { exact: false }).first().waitFor();
    await invite.close();

    // The run shows its progress, then the checklist, without a reload.
    // A small guild's run can finish between two polls of a locator, so the page itself notes the card.
    await page.evaluate(() => {
      const seen = (): boolean =>
        [...document.querySelectorAll('[role="region"]')].some((region) =>
          /Audit (queued|in progress)/.test(region.textContent ?? ''),
        );
      const observer = new MutationObserver(() => {
        if (!seen()) return;
        document.documentElement.dataset.auditProgressSeen = 'true';
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    // A slower (simulated) Discord keeps the run going for seconds: without it, a loaded machine's browser can
    // learn of the start only after the run has ended, and rightly show the results straight away.
    await setDiscordLatency(page, 250);
    try {
      await main.getByRole('button', { name: 'Run New Audit' }).click();
      await main.getByRole('heading', { name: 'Security Checklist' }).waitFor();
      await main.getByRole('region', { name: /Audit (queued|in progress)/ }).waitFor({ state: 'detached' });
    } finally {
      await setDiscordLatency(page, 0);
    }
    expect(await page.evaluate(() => document.documentElement.dataset.auditProgressSeen)).toBe('true');

    const audit = await latestAudit(page);
    expect(audit.status).toBe('completed');
    const failed = (severity: string) =>
      audit.checkResults.filter((c) => c.status === 'FAIL' && c.severity === severity).length;
    const passed = audit.checkResults.filter((c) => c.status === 'PASS' || c.status === 'WAIVED').length;
    const chips = main.getByRole('group', { name: 'Filter checks' });
    for (const [label, count] of [
      ['All', audit.checkResults.length],
      ['Critical', failed('CRITICAL')],
      ['High', failed('HIGH')],
      ['Medium', failed('MEDIUM')],
      ['Low', failed('LOW')],
      ['Passed', passed],
    ] as const) {
      await chips.getByRole('button', { name: `${label} ${count}`, exact: true }).waitFor();
    }

    // How to Fix opens for a failed check.
    const failing = audit.checkResults.find((c) => c.status === 'FAIL');
    if (failing === undefined) throw new Error('expected a failed manual check');
    await main.getByRole('button', { name: `How to Fix ${failing.checkName}` }).click();
    const howToFix = page.getByRole('dialog', { name: `How to Fix: ${failing.checkName}` });
    await howToFix.waitFor();
    // The audit's completion toast may sit above the dialog and take the first Escape.
    await closeWithEscape(page, howToFix);

    // Download Report opens the PDF in a popup; it is a PDF naming the server.
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      main.getByRole('button', { name: 'Download Report' }).click(),
    ]);
    const reportUrl = popup.url();
    expect(reportUrl).toContain(`/api/audits/${audit.id}/download-report`);
    const pdf = await page.request.get(reportUrl);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(readInfoString(body, 'Title')).toBe(`Rampart security audit — ${SERVER}`);
    await popup.close();

    // The results page shows the same audit.
    await page.goto(`/audits/${audit.id}`);
    await page.getByRole('heading', { name: 'Security Audit Results' }).waitFor();
    await page.getByText(`${audit.riskScore}%`).first().waitFor();

    // The owner self-attests the failed check (through the API: the engineer screen is part 2). The
    // results page marks it with the owner's reason, and the score of record does not move.
    const claim = 'Backups are taken nightly by our host.';
    const override = await page.request.put(`/api/checks/${failing.id}`, {
      headers: { origin: baseUrl() },
      data: { status: 'WAIVED', waiveReason: claim },
    });
    expect(override.status()).toBe(200);
    ownerClaimedAuditId = audit.id;
    await page.reload();
    const item = page.getByRole('main').getByRole('listitem', { name: failing.checkName });
    await item.getByText('Self-attested by owner', { exact: true }).waitFor();
    await item.getByText(claim).waitFor();
    await page
      .getByRole('main')
      .getByText(/the owner claims \d+%/)
      .waitFor();
    await page.getByText(`${audit.riskScore}%`).first().waitFor();

    // The dashboard shows the same numbers as the API.
    await page.goto('/dashboard');
    const score = page.getByRole('button', { name: /^Security Score/ });
    await score.waitFor();
    expect(await score.textContent()).toContain(String(audit.riskScore));
    const checksPassed = page.getByRole('button', { name: /^Checks Passed/ });
    expect(await checksPassed.textContent()).toContain(String(audit.passedChecks));
    const critical = page.getByRole('button', { name: /^Critical Issues/ });
    expect(await critical.textContent()).toContain(String(audit.criticalIssues + audit.highIssues));
  });

  it('lets staff replace the owner’s self-attested claim with a staff decision, marked as such', async () => {
    const page = await browser.newPage();
    await signInThroughDiscord(page, 'ada');
    await expectPath(page, '/dashboard');
    const audit = (await (await page.request.get(`/api/audits/${ownerClaimedAuditId}`)).json()) as AuditWithChecks;
    const claimed = audit.checkResults.find((check) => check.overrideKind === 'self_attested');
    if (claimed === undefined) throw new Error('the first test leaves a self-attested check');
    await page.goto(`/audits/${audit.id}`);
    const item = page.getByRole('main').getByRole('listitem', { name: claimed.checkName });
    await item.getByText('Self-attested by owner', { exact: true }).waitFor();

    await item.getByRole('button', { name: `Override ${claimed.checkName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Admin Override' });
    await dialog.getByText('recorded as a staff decision', { exact: false }).waitFor();
    await dialog.getByLabel('Pass', { exact: true }).check();
    await dialog.getByLabel('Admin notes').fill('Backup restore seen on a call');
    await dialog.getByRole('button', { name: 'Override Check' }).click();
    await dialog.waitFor({ state: 'detached' });

    await item.getByText('Staff decision', { exact: true }).waitFor();
    await item.getByText('Backup restore seen on a call').waitFor();
    expect(await item.getByText('Self-attested by owner', { exact: true }).count()).toBe(0);
    const after = (await (await page.request.get(`/api/audits/${audit.id}`)).json()) as AuditWithChecks;
    expect(after.riskScore).toBeGreaterThan(audit.riskScore ?? 100);
    await page.getByText(`${after.riskScore}%`).first().waitFor();
  });
});
