import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AuditDiff, PeerComparison } from '../../src/shared/contracts/audit-insights.js';
import { AuditExport, EXPORT_CSV_COLUMNS, EXPORT_SCHEMA_VERSION } from '../../src/shared/contracts/audit-export.js';
import type { Audit, AuditWithChecks } from '../../src/shared/contracts/audits.js';
import { CHECK_IDS } from '../../src/shared/audit-contract.js';
import { TYPICAL_GUILD_ID } from '../../src/simulators/discord/fixtures/index.js';
import {
  CHANGE_SECTIONS,
  describeFinding,
  describeScoreChange,
  FIRST_AUDIT_TEXT,
} from '../../src/web/features/audits/changes/audit-changes.js';
import { NOT_ENOUGH_PEERS_TEXT } from '../../src/web/features/audits/peers/peer-comparison.js';
import { getJson, postJson } from './support/api.js';
import { useBrowser } from './support/browser.js';
import { useOwnServer } from './support/own-server.js';

const browser = useBrowser();
// A server of this file's own: the first audit of a server is only the first where nobody audited it before.
const { url, session } = useOwnServer(browser, 'audit-insights');
/** Olivia's server with the bot in it; the admin audits it (staff may read and export every audit). */
const SERVER = 'Wild West Lounge';
const CARD_TITLE = 'What changed since the last audit';

/** Olivia's typical server, where drift is planted between two audits. */
const DRIFTING_SERVER = 'Pixel Plaza';

let serverId = '';

async function serverIdOf(ada: Page, name: string): Promise<string> {
  const servers = await getJson<{ id: string; name: string }[]>(ada, url('/api/admin/all-servers'));
  const id = servers.find((server) => server.name === name)?.id;
  if (id === undefined) throw new Error(`no server named ${name}`);
  return id;
}

/** Staff audit the server and wait for the results. */
async function auditServer(ada: Page, ofServer = serverId): Promise<AuditWithChecks> {
  const started = await postJson<Audit>(ada, url('/api/audits'), { serverId: ofServer });
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const current = await getJson<AuditWithChecks>(ada, url(`/api/audits/${started.id}`));
    if (current.status === 'completed') return current;
    if (current.status === 'failed') throw new Error(`the audit failed: ${current.failureReason ?? ''}`);
    await ada.waitForTimeout(200);
  }
  throw new Error('the audit did not finish');
}

function changesCard(page: Page): Locator {
  return page.getByRole('main').getByRole('region', { name: CARD_TITLE });
}

async function saveDownload(page: Page, button: Locator): Promise<{ fileName: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const saved = await download.path();
  return { fileName: download.suggestedFilename(), text: await readFile(saved, 'utf8') };
}

/** The file name the server gives an export in its Content-Disposition header. */
async function serverFileName(page: Page, auditId: string, format: 'json' | 'csv'): Promise<string> {
  const response = await page.request.get(url(`/api/audits/${auditId}/export?format=${format}`));
  expect(response.status()).toBe(200);
  const name = /filename="([^"]+)"/.exec(response.headers()['content-disposition'] ?? '')?.[1];
  if (name === undefined) throw new Error('the export names no file');
  return name;
}

describe('what changed between audits, exports and peer comparison', () => {
  let first: AuditWithChecks;
  let second: AuditWithChecks;

  beforeAll(async () => {
    const ada = session('ada');
    serverId = await serverIdOf(ada, SERVER);
    first = await auditServer(ada);
  });

  it('says there is nothing to compare after the first audit', async () => {
    const ada = session('ada');
    const diff = await getJson<AuditDiff>(ada, url(`/api/audits/${first.id}/diff`));
    expect(diff.against).toBeNull();

    await ada.goto(url(`/audits?server=${serverId}`));
    await changesCard(ada).getByText(FIRST_AUDIT_TEXT).waitFor();
  });

  it('shows the changes since the previous audit as the API reports them, and any audit from the history', async () => {
    const ada = session('ada');
    second = await auditServer(ada);
    const diff = await getJson<AuditDiff>(ada, url(`/api/audits/${second.id}/diff`));
    expect(diff.against?.id).toBe(first.id);

    await ada.goto(url(`/audits?server=${serverId}`));
    const card = changesCard(ada);
    await card.getByRole('heading', { name: /^New failures/ }).waitFor();
    const scoreChange = describeScoreChange(first.riskScore, second.riskScore);
    expect(scoreChange).not.toBeNull();
    await card.getByText(scoreChange?.visible ?? '').waitFor();
    await card.getByText(scoreChange?.spoken ?? '').waitFor();

    for (const section of CHANGE_SECTIONS) {
      const checks = diff.checks[section.key];
      const list = card.getByRole('region', { name: section.title });
      expect(await list.getByRole('heading').textContent()).toBe(`${section.title} (${checks.length})`);
      for (const check of checks) await list.getByText(check.checkName, { exact: true }).waitFor();
      if (checks.length === 0) await list.getByText(section.empty).waitFor();
    }
    const listed = CHANGE_SECTIONS.reduce((sum, section) => sum + diff.checks[section.key].length, 0);
    expect(listed + diff.checks.unchanged.length).toBe(CHECK_IDS.length);

    // Unchanged checks start folded away, and unfold to name each one.
    const unchanged = card.getByRole('button', { name: `Unchanged (${diff.checks.unchanged.length})` });
    expect(await unchanged.getAttribute('aria-expanded')).toBe('false');
    await unchanged.click();
    for (const check of diff.checks.unchanged) await card.getByText(check.checkName, { exact: true }).first().waitFor();

    // The history's 'What changed' on the older audit shows that audit's changes: none to compare with.
    const history = ada.getByRole('list', { name: 'Recent audits' });
    await history
      .getByRole('button', { name: new RegExp(SERVER) })
      .nth(1)
      .click();
    await history.getByRole('link', { name: 'What changed' }).click();
    await ada.waitForURL((address) => address.searchParams.get('changes') === first.id);
    await changesCard(ada).getByText(FIRST_AUDIT_TEXT).waitFor();
  });

  it('names the drift planted in Discord between two audits, as the API reports it', async () => {
    const ada = session('ada');
    const driftingId = await serverIdOf(ada, DRIFTING_SERVER);
    await auditServer(ada, driftingId);
    const planted: string[] = [];
    for (const kind of ['add-admin-role', 'remove-webhook', 'lower-verification-level']) {
      planted.push(
        (
          await postJson<{ changed: string }>(
            ada,
            url(`/_sim/discord/_control/guilds/${TYPICAL_GUILD_ID}/changes`),
            { kind },
            200,
          )
        ).changed,
      );
    }
    expect(planted).toHaveLength(3);
    const after = await auditServer(ada, driftingId);
    const diff = await getJson<AuditDiff>(ada, url(`/api/audits/${after.id}/diff`));
    const appeared = diff.findings.appeared.map((finding) => finding.label);
    expect(appeared).toContain('Drift Admin');
    expect(diff.findings.disappeared.some((finding) => finding.kind === 'webhook')).toBe(true);

    await ada.goto(url(`/audits?server=${driftingId}&changes=${after.id}`));
    const card = changesCard(ada);
    await card.getByRole('heading', { name: /^New failures/ }).waitFor();
    for (const section of CHANGE_SECTIONS) {
      const list = card.getByRole('region', { name: section.title });
      const checks = diff.checks[section.key];
      expect(await list.getByRole('heading').textContent()).toBe(`${section.title} (${checks.length})`);
      for (const check of checks) {
        for (const finding of check.appeared) {
          await list.getByText(describeFinding(finding, 'appeared'), { exact: true }).first().waitFor();
        }
        for (const finding of check.disappeared) {
          await list.getByText(describeFinding(finding, 'disappeared'), { exact: true }).first().waitFor();
        }
      }
    }
    expect(CHANGE_SECTIONS.some((section) => diff.checks[section.key].length > 0)).toBe(true);
    await card.getByText('Role "Drift Admin" appeared').first().waitFor();
  });

  it('compares with another audit chosen from the server’s history', async () => {
    const ada = session('ada');
    const third = await auditServer(ada);
    const againstFirst = await getJson<AuditDiff>(ada, url(`/api/audits/${third.id}/diff?against=${first.id}`));
    await ada.goto(url(`/audits?server=${serverId}&changes=${third.id}`));
    const card = changesCard(ada);
    await card.getByRole('heading', { name: /^New failures/ }).waitFor();
    const compareWith = card.getByRole('combobox', { name: 'Compare with' });
    await compareWith.click();
    const options = ada.getByRole('option');
    expect(await options.count()).toBe(2);
    // Newest first: the second audit, then the first.
    await options.nth(1).click();
    await card.getByRole('button', { name: `Unchanged (${againstFirst.checks.unchanged.length})` }).waitFor();
    const newFailures = card.getByRole('region', { name: 'New failures' }).getByRole('heading');
    expect(await newFailures.textContent()).toBe(`New failures (${againstFirst.checks.newFailures.length})`);
  });

  it('downloads the audit as JSON and CSV from the audits and results pages, named by the server', async () => {
    const ada = session('ada');
    await ada.goto(url(`/audits?server=${serverId}`));
    const main = ada.getByRole('main');
    await main.getByRole('heading', { name: 'Security Checklist' }).waitFor();
    const latest = (await getJson<Audit[]>(ada, url(`/api/servers/${serverId}/audits`)))[0];
    if (latest === undefined) throw new Error('no audit');

    const json = await saveDownload(ada, main.getByRole('button', { name: 'Export JSON' }));
    expect(json.fileName).toBe(await serverFileName(ada, latest.id, 'json'));
    const exported = AuditExport.parse(JSON.parse(json.text));
    expect(exported.schemaVersion).toBe(EXPORT_SCHEMA_VERSION);
    expect(exported.schemaVersion).toBe(1);
    expect(exported.checks).toHaveLength(CHECK_IDS.length);
    await ada.getByText('JSON Export Downloaded').first().waitFor();

    await ada.goto(url(`/audits/${first.id}`));
    await main.getByRole('heading', { name: 'Security Checklist' }).waitFor();
    const csv = await saveDownload(ada, main.getByRole('button', { name: 'Export CSV' }));
    expect(csv.fileName).toBe(await serverFileName(ada, first.id, 'csv'));
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(CHECK_IDS.length + 1);
    expect(lines[0]).toBe(EXPORT_CSV_COLUMNS.join(','));
    for (const check of first.checkResults) expect(csv.text).toContain(check.checkId);
    await ada.getByText('CSV Export Downloaded').first().waitFor();
  });

  it('shows no peer comparison while fewer than 10 servers of the size have been audited', async () => {
    const ada = session('ada');
    const comparison = await getJson<PeerComparison>(ada, url(`/api/audits/${first.id}/peer-comparison`));
    expect(comparison).toEqual({ minimumPeers: 10, peers: null });

    await ada.goto(url(`/audits/${first.id}`));
    const main = ada.getByRole('main');
    await main.getByText(NOT_ENOUGH_PEERS_TEXT).waitFor();
    await main.getByRole('heading', { name: 'Security Checklist' }).waitFor();
    expect(await main.getByText(/servers your size/).count()).toBe(0);

    await ada.goto(url(`/audits?server=${serverId}`));
    await main.getByRole('heading', { name: 'Security Checklist' }).waitFor();
    await changesCard(ada).waitFor();
    expect(await main.getByText(NOT_ENOUGH_PEERS_TEXT).count()).toBe(0);
    expect(await main.getByText(/servers your size/).count()).toBe(0);
  });
});
