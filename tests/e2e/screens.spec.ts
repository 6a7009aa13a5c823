import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Audit } from '../../src/shared/contracts/audits.js';
import { DANGEROUS_GUILD_ID } from '../../src/simulators/discord/fixtures/index.js';
import { useBrowser } from './support/browser.js';
import { expectPath, signInThroughDiscord } from './support/sign-in.js';

const browser = useBrowser();

/** Olivia's server, which the admin audits below; the bot is in it. */
const SOMEONE_ELSES_SERVER = 'Pixel Plaza';
/** Olivia's server from which the tests below remove the Rampart bot. */
const SERVER_WITHOUT_BOT = 'Wild West Lounge';

/** Olivia's servers are known to Rampart once she has signed in (she lands on the paywall); then the bot leaves Wild West. */
async function prepareOliviasServers(page: Page): Promise<void> {
  await signInThroughDiscord(page, 'olivia');
  await expectPath(page, '/paywall');
  const left = await page.request.delete(`/_sim/discord/api/v10/users/@me/guilds/${DANGEROUS_GUILD_ID}`, {
    headers: { authorization: 'Bot simulated-bot-token' },
  });
  // 404: the bot had already left (a repeated run on the same server).
  expect([204, 404]).toContain(left.status());
}

async function chooseServer(page: Page, name: string): Promise<void> {
  await page
    .getByRole('main')
    .getByRole('combobox', { name: /^Server/ })
    .click();
  await page.getByRole('option', { name }).click();
}

const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });

async function serverAudits(page: Page, serverName: string): Promise<Audit[]> {
  const servers = (await (await page.request.get('/api/admin/all-servers')).json()) as { id: string; name: string }[];
  const server = servers.find((item) => item.name === serverName);
  if (server === undefined) throw new Error(`no server named ${serverName}`);
  return (await (await page.request.get(`/api/servers/${server.id}/audits`)).json()) as Audit[];
}

async function waitForAuditsToSettle(page: Page, serverName: string): Promise<Audit[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const audits = await serverAudits(page, serverName);
    if (!audits.some((audit) => audit.status === 'pending' || audit.status === 'running')) return audits;
    await page.waitForTimeout(200);
  }
  throw new Error(`audits of ${serverName} did not finish`);
}

// One session per account for the whole file: sign-ins are rate limited per client.
const sessions: Partial<Record<'olivia' | 'ada', Page>> = {};

beforeAll(async () => {
  const olivia = await browser.newPage();
  await prepareOliviasServers(olivia);
  sessions.olivia = olivia;
  const ada = await browser.newPage();
  await signInThroughDiscord(ada, 'ada');
  sessions.ada = ada;
});

function session(account: 'olivia' | 'ada'): Page {
  const page = sessions[account];
  if (page === undefined) throw new Error(`${account} is not signed in`);
  return page;
}

describe('screens an admin uses on other people’s servers', () => {
  it('shows only the failure, not "Audit Started", when the bot is not in the server', async () => {
    const page = session('ada');
    await page.goto('/audits');
    await chooseServer(page, SERVER_WITHOUT_BOT);
    const main = page.getByRole('main');

    await main.getByRole('button', { name: 'Run New Audit' }).click();
    await main.getByRole('alert').filter({ hasText: 'Rampart bot is not in this server' }).waitFor();
    // Well within the toast's 5 s on screen: the failure alone remains.
    await toasts(page).getByText('Audit Started').waitFor({ state: 'hidden', timeout: 2000 });
  });

  it('starts one audit on a double click, without an error toast, and lists it in Audit History', async () => {
    const page = session('ada');
    await page.goto('/audits');
    await chooseServer(page, SOMEONE_ELSES_SERVER);
    const main = page.getByRole('main');
    const before = (await waitForAuditsToSettle(page, SOMEONE_ELSES_SERVER)).length;

    await main.getByRole('button', { name: 'Run New Audit' }).dblclick();
    await main.getByRole('heading', { name: 'Security Checklist' }).waitFor();
    const after = await waitForAuditsToSettle(page, SOMEONE_ELSES_SERVER);
    expect(after.length).toBe(before + 1);
    expect(await toasts(page).getByText('Failed to Start Audit').count()).toBe(0);

    // The admin's own history lists the audit they ran, though the server is not theirs.
    const history = main.getByRole('list', { name: 'Recent audits' });
    await history.getByText(SOMEONE_ELSES_SERVER).first().waitFor();
  });

  it('lays out How to Fix steps as a numbered list', async () => {
    const page = session('ada');
    await page.goto('/audits');
    await chooseServer(page, SOMEONE_ELSES_SERVER);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'How to Fix Backup & Recovery Strategy' }).click();
    const dialog = page.getByRole('dialog', { name: 'How to Fix: Backup & Recovery Strategy' });
    const whatToChange = dialog.getByRole('region', { name: 'What to change' });
    const steps = whatToChange.getByRole('list').getByRole('listitem');
    expect(await steps.count()).toBe(4);
    expect(await steps.first().textContent()).toMatch(/^Export the server structure regularly/);
    expect(await whatToChange.evaluate((section) => section.querySelector('ol') !== null)).toBe(true);
  });

  it('closes the dialog on Escape and leaves the toast that was on screen before it opened', async () => {
    const page = session('ada');
    await page.goto('/audits');
    await chooseServer(page, SOMEONE_ELSES_SERVER);
    await waitForAuditsToSettle(page, SOMEONE_ELSES_SERVER);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Re-Audit' }).click();
    await toasts(page).getByText('Audit Started').waitFor();
    await main.getByRole('button', { name: 'How to Fix Backup & Recovery Strategy' }).click();
    const dialog = page.getByRole('dialog', { name: 'How to Fix: Backup & Recovery Strategy' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Waited for, not counted at once: the dialog hides the rest of the page from assistive technology (so from
    // role locators) until its clean-up runs, which can be a moment after its element is gone. A toast Escape
    // had closed would not come back.
    const openToast = toasts(page).locator('li[data-state="open"]').filter({ hasText: 'Audit Started' });
    await openToast.waitFor({ timeout: 2_000 });
    expect(await openToast.count()).toBe(1);
    await waitForAuditsToSettle(page, SOMEONE_ELSES_SERVER);
  });
});

describe('dashboard wording and links', () => {
  it('tells an owner without a plan how to get one instead of "every audit used"', async () => {
    const page = session('olivia');
    await page.goto('/dashboard');
    const usage = page.getByRole('main').getByRole('region', { name: 'Audit Usage' });
    await usage.waitFor();
    expect(await usage.textContent()).not.toMatch(/used every audit|audits used/);
    await usage.getByText('No audit plan for this server yet').waitFor();
    expect(await usage.getByRole('link', { name: 'Choose a Plan' }).getAttribute('href')).toBe('/paywall');
    expect(await usage.getByRole('link', { name: 'Redeem a Coupon' }).getAttribute('href')).toBe('/redeem');
  });

  it('says "not read yet" in the Server Overview before the bot has read the server', async () => {
    const page = session('olivia');
    await page.goto('/dashboard');
    const overview = page.getByRole('main').getByRole('region', { name: 'Server Overview' });
    await overview.waitFor();
    for (const label of ['Roles', 'Channels', 'Bots']) {
      const term = overview.getByRole('term').filter({ hasText: label });
      expect(await term.evaluate((dt) => dt.nextElementSibling?.textContent)).toBe('not read yet');
    }
  });

  it('View Issues opens the checklist filtered to the failed critical checks', async () => {
    const page = session('ada');
    // Ada manages Study Hall, where the bot is; its audit has critical failures.
    await page.goto('/audits');
    await chooseServer(page, 'Study Hall');
    await page.getByRole('main').getByRole('button', { name: 'Run New Audit' }).click();
    await waitForAuditsToSettle(page, 'Study Hall');
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'View Issues' }).click();
    await expectPath(page, '/audits');
    const chips = main.getByRole('group', { name: 'Filter checks' });
    const pressed = chips.locator('[aria-pressed="true"]');
    await pressed.waitFor();
    expect(await pressed.textContent()).toMatch(/^(Critical|High)/);
    const checks = main.getByRole('list', { name: 'Checks' }).locator(':scope > li');
    expect(await checks.count()).toBeGreaterThan(0);
    expect(await checks.count()).toBeLessThan(20);
  });
});
