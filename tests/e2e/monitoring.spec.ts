import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Audit } from '../../src/shared/contracts/audits.js';
import type { DriftAlert, MonitoringSettings } from '../../src/shared/contracts/monitoring.js';
import { INVALID_WEBHOOK_URL_MESSAGE } from '../../src/shared/monitoring-rules.js';
import { NOT_ELIGIBLE_MESSAGE } from '../../src/server/modules/monitoring/service.js';
import {
  PATCH_NOTES_WEBHOOK_ID,
  simulatedWebhookToken,
  TYPICAL_GUILD_ID,
} from '../../src/simulators/discord/fixtures/index.js';
import { chooseTheme, expectNoBlockingViolations, THEMES } from './support/axe.js';
import { useBrowser } from './support/browser.js';
import { useOwnServer } from './support/own-server.js';

/**
 * Continuous monitoring in the browser, on a server of its own: its demo clock moves a week ahead, which no
 * other file could live with, and its sweep looks for due audits every second.
 */
const browser = useBrowser();
const { url, session } = useOwnServer(browser, 'monitoring', { env: { MONITORING_SWEEP_SECONDS: '1' } });
const SERVER = 'Pixel Plaza';
/** Pixel Plaza's #patch-notes incoming webhook in the simulator, as Discord shows its URL. */
const DEMO_WEBHOOK_URL = `https://discord.com/api/webhooks/${PATCH_NOTES_WEBHOOK_ID}/${simulatedWebhookToken(PATCH_NOTES_WEBHOOK_ID)}`;
/**
 * Lowering Pixel Plaza's verification level to None fails Verification Level (MEDIUM): the score falls by a
 * few points, so Olivia asks to hear of any fall of 2 or more.
 */
const SCORE_DROP_THRESHOLD = 2;

let serverId = '';

const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });

async function api<T>(page: Page, path: string, init: { method?: string; data?: unknown } = {}): Promise<T> {
  const response = await page.request.fetch(url(path), {
    method: init.method ?? 'GET',
    data: init.data,
    headers: { origin: url('') },
  });
  expect(response.ok(), `${init.method ?? 'GET'} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function chooseServer(page: Page, label: string): Promise<void> {
  await page.getByRole('main').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: SERVER, exact: true }).click();
}

async function waitForAudit(page: Page, matches: (audit: Audit) => boolean, timeoutMs = 60_000): Promise<Audit> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const audits = await api<Audit[]>(page, `/api/servers/${serverId}/audits`);
    const found = audits.find((audit) => matches(audit) && audit.status === 'completed');
    if (found !== undefined) return found;
    const failed = audits.find((audit) => matches(audit) && audit.status === 'failed');
    if (failed !== undefined) throw new Error(`the audit failed: ${failed.failureReason ?? ''}`);
    await page.waitForTimeout(250);
  }
  throw new Error('no such audit completed in time');
}

describe('an owner is alerted in the app when a weekly re-audit finds a regression', () => {
  it('staff switch monitoring on for Pixel Plaza and run its first audit', async () => {
    const ada = session('ada');
    await ada.goto(url('/audits'));
    await chooseServer(ada, 'Server (all servers)');
    const main = ada.getByRole('main');
    await main.getByText('Monitoring needs the monthly monitoring subscription ($50/month)').waitFor();
    await main.getByRole('switch', { name: 'Enable monitoring for this server (staff)' }).click();
    await main.getByRole('form', { name: 'Monitoring settings' }).waitFor();
    expect(await main.getByRole('switch', { name: 'Enable monitoring for this server (staff)' }).isChecked()).toBe(
      true,
    );

    const servers = await api<{ id: string; name: string }[]>(ada, '/api/admin/all-servers');
    serverId = servers.find((server) => server.name === SERVER)?.id ?? '';
    const settings = await api<MonitoringSettings>(ada, `/api/servers/${serverId}/monitoring`);
    expect(settings.eligibility).toEqual({ subscription: false, staff: true });

    await main.getByRole('button', { name: 'Run New Audit' }).click();
    const first = await waitForAudit(ada, (audit) => audit.trigger === 'manual');
    expect(first.riskScore).not.toBeNull();
  });

  it('Olivia switches on weekly monitoring with a Discord webhook and sends a test alert', async () => {
    const olivia = session('olivia');
    await olivia.goto(url(`/audits?server=${serverId}`));
    const main = olivia.getByRole('main');
    const form = main.getByRole('form', { name: 'Monitoring settings' });
    await main.getByText('This server is audited only when you run an audit.').waitFor();

    await form.getByRole('switch', { name: 'Monitor this server' }).click();
    await form.getByRole('radio', { name: 'Weekly' }).check();
    await form.getByLabel('Alert when the score drops by at least N points').fill(String(SCORE_DROP_THRESHOLD));
    const webhook = form.getByLabel('Discord webhook URL');
    await webhook.fill('https://example.com/api/webhooks/1/2');
    await webhook.blur();
    await form.getByText(INVALID_WEBHOOK_URL_MESSAGE).waitFor();
    expect(await form.getByRole('button', { name: 'Send test alert' }).isDisabled()).toBe(true);

    await webhook.fill(DEMO_WEBHOOK_URL);
    expect(await form.getByText(INVALID_WEBHOOK_URL_MESSAGE).count()).toBe(0);

    // Staff switch monitoring off meanwhile: the save is refused with the server's reason, and nothing typed is lost.
    const staffSwitch = (staffEnabled: boolean) =>
      api(session('ada'), `/api/admin/servers/${serverId}/monitoring`, { method: 'PUT', data: { staffEnabled } });
    await staffSwitch(false);
    await form.getByRole('button', { name: 'Save monitoring settings' }).click();
    await toasts(olivia).getByText('Saving failed').waitFor();
    await toasts(olivia).getByText(NOT_ELIGIBLE_MESSAGE, { exact: false }).waitFor();
    expect(await webhook.inputValue()).toBe(DEMO_WEBHOOK_URL);
    expect(await form.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true);

    await staffSwitch(true);
    await form.getByRole('button', { name: 'Save monitoring settings' }).click();
    await toasts(olivia).getByText('Monitoring settings saved').waitFor();
    await main.getByText(/^Weekly audits; next audit at /).waitFor();
    // The stored URL is never shown back: the field empties and only a hint names the webhook.
    expect(await webhook.inputValue()).toBe('');
    await form.getByText(`••••${DEMO_WEBHOOK_URL.slice(-4)}`, { exact: false }).waitFor();
    expect(await olivia.content()).not.toContain(DEMO_WEBHOOK_URL);

    await form.getByRole('button', { name: 'Send test alert' }).click();
    await toasts(olivia).getByText('Test alert sent').waitFor();

    for (const theme of THEMES) {
      await chooseTheme(olivia, theme);
      await olivia.goto(url(`/audits?server=${serverId}`));
      await main.getByRole('form', { name: 'Monitoring settings' }).waitFor();
      await main.getByRole('button', { name: 'Remove webhook' }).waitFor();
      await expectNoBlockingViolations(olivia, `/audits monitoring card [${theme}]`);
    }
  });

  it('a planted regression raises a drift alert at the next weekly audit, with what changed and the CSV', async () => {
    const olivia = session('olivia');
    await olivia.goto(url(`/audits?server=${serverId}`));
    const main = olivia.getByRole('main');
    await main.getByText(/^Weekly audits; next audit at /).waitFor();

    // The owner lowers the verification level in Discord, then a week passes.
    await api(olivia, `/_sim/discord/_control/guilds/${TYPICAL_GUILD_ID}/changes`, {
      method: 'POST',
      data: { kind: 'lower-verification-level' },
    });
    await api(olivia, '/_sim/clock/advance', { method: 'POST', data: { hours: 7 * 24 } });
    const scheduled = await waitForAudit(olivia, (audit) => audit.trigger === 'scheduled');

    // The bell shows the alert; opening it shows what changed in that audit.
    await olivia.getByRole('button', { name: 'Notifications' }).click();
    await olivia.getByRole('menuitem').filter({ hasText: 'Security Drift' }).first().click();
    await olivia.waitForURL((address) => address.searchParams.get('changes') === scheduled.id);
    const changes = main.getByRole('region', { name: 'What changed since the last audit' });
    await changes
      .getByRole('region', { name: 'New failures' })
      .getByText('Verification Level', { exact: true })
      .waitFor();

    // The chart marks the scheduled audit and its alert, in pictures and in words.
    await main.getByText(/^1 drift alert$/).waitFor();
    expect(await main.locator('svg [data-trigger="scheduled"]').count()).toBe(1);
    expect(await main.locator('svg [data-marker="drift-alert"]').count()).toBe(1);
    const alertCell = main.getByRole('cell', { name: /^Drift alert: / });
    expect(await alertCell.textContent()).toMatch(/score fell from \d+ to \d+|newly failing: /);

    // The same alert went to the owner's Discord channel (the simulator's webhook confirmed the message).
    await expect
      .poll(async () => (await api<DriftAlert[]>(olivia, `/api/servers/${serverId}/drift-alerts`))[0]?.webhookStatus, {
        timeout: 15_000,
      })
      .toBe('sent');

    const [download] = await Promise.all([
      olivia.waitForEvent('download'),
      main.getByRole('button', { name: 'Export CSV' }).first().click(),
    ]);
    const file = await download.path();
    const rows = readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(rows).toHaveLength(21);

    // The owner takes the webhook away again: nothing is left to test.
    await main.getByRole('button', { name: 'Remove webhook' }).click();
    await toasts(olivia).getByText('Webhook removed').waitFor();
    await main.getByText('Optional: alerts are also posted to this Discord channel.').waitFor();
    expect(await main.getByRole('button', { name: 'Send test alert' }).isDisabled()).toBe(true);
  });
});
