import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Audit } from '../../src/shared/contracts/audits.js';
import type { Certificate } from '../../src/shared/contracts/certificates.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { decodePdfQrCodes } from '../helpers/pdf-qr.js';
import { chooseTheme, expectNoBlockingViolations, THEMES } from './support/axe.js';
import { useBrowser } from './support/browser.js';
import { useOwnServer } from './support/own-server.js';
import { signInThroughDiscord } from './support/sign-in.js';

/**
 * A certificate's whole life in the browser, on a server of its own: the shared server's files run audits of
 * Citadel Security Lab too (each would supersede this file's certificate) and expect the bot not invited yet.
 */
const browser = useBrowser();
const { url, session } = useOwnServer(browser, 'certificates');
const SERVER = 'Citadel Security Lab';
const CARD = `Certificate of ${SERVER}`;

let eddie: Page | undefined;
let certificate: Certificate | undefined;

const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });

function eddiePage(): Page {
  if (eddie === undefined) throw new Error('Eddie signs in in the first test');
  return eddie;
}

function theCertificate(): Certificate {
  if (certificate === undefined) throw new Error('the first test leaves a certificate');
  return certificate;
}

async function certificatesOf(ada: Page): Promise<Certificate[]> {
  return (await (await ada.request.get(url('/api/admin/all-certificates'))).json()) as Certificate[];
}

/** Every certificate screen in both themes: axe finds nothing serious. */
async function expectAccessibleInBothThemes(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  for (const theme of THEMES) {
    await chooseTheme(page, theme);
    await page.goto(url(path));
    await ready(page);
    await expectNoBlockingViolations(page, `${path} [${theme}]`);
  }
}

/** A summary card's figure, found from its label (label and figure are the card's two lines). */
async function cardFigure(page: Page, label: string): Promise<string | null> {
  const card = page.getByRole('main').getByText(label, { exact: true }).locator('xpath=../..');
  return card.locator('p').nth(1).textContent();
}

async function publicPage(path: string): Promise<Page> {
  // A context of its own: no cookies, nobody signed in.
  const visitor = await browser.newPage();
  await visitor.goto(url(path));
  return visitor;
}

describe('a certificate from an eligible audit to its public revocation', () => {
  it('shows the empty states before any certificate exists', async () => {
    eddie = await browser.newPage();
    await signInThroughDiscord(eddie, 'eddie', url(''));
    await expectAccessibleInBothThemes(eddie, '/certificates', async (page) => {
      await page.getByRole('heading', { name: 'Your Security Certificate', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'No Certificate Available' }).waitFor();
      await page.getByText('security audit score of 90 or more and zero critical issues').waitFor();
    });
    await expectAccessibleInBothThemes(session('ada'), '/certificates', async (page) => {
      await page.getByRole('heading', { name: 'Audit Certificates', level: 1 }).waitFor();
      await page.getByText('No Certificates Found', { exact: true }).waitFor();
    });
  });

  it('Eddie runs an audit of his hardened server and a pending certificate appears', async () => {
    const page = eddiePage();
    await page.goto(url('/audits'));
    const main = page.getByRole('main');
    await main.getByRole('combobox', { name: 'Server' }).click();
    await page.getByRole('option', { name: SERVER }).click();

    // The hardened server starts without the bot: the first run says so and offers the invite, on Discord's
    // (simulated) consent page.
    await main.getByRole('button', { name: 'Run New Audit' }).click();
    await main.getByRole('alert').filter({ hasText: 'Rampart bot is not in this server' }).waitFor();
    const [invite] = await Promise.all([
      page.context().waitForEvent('page'),
      main.getByRole('button', { name: 'Invite', exact: true }).first().click(),
    ]);
    await invite.waitForLoadState();
    await invite.getByLabel('Eddie Entitled').check();
    await invite.getByRole('button', { name: 'Authorize' }).click();
    await invite.getByText('Bot added', { exact: false }).first().waitFor();
    await invite.close();

    await main.getByRole('button', { name: 'Run New Audit' }).click();
    await main.getByRole('heading', { name: 'Security Checklist' }).waitFor();
    await main.getByRole('region', { name: /Audit (queued|in progress)/ }).waitFor({ state: 'detached' });

    await expect.poll(async () => (await certificatesOf(session('ada'))).length, { timeout: 15_000 }).toBe(1);
    [certificate] = await certificatesOf(session('ada'));
    expect(theCertificate()).toMatchObject({ serverName: SERVER, status: 'pending', criticalIssues: 0 });
    expect(theCertificate().riskScore).toBeGreaterThanOrEqual(90);

    await page.goto(url('/certificates'));
    const card = page.getByRole('region', { name: CARD });
    await card.getByText('Status: Pending', { exact: true }).waitFor();
    expect(await card.textContent()).toContain(`${theCertificate().riskScore}/100`);
    await card.getByRole('img', { name: /^QR code of the public verification page/ }).waitFor();
    await card.getByRole('link', { name: theCertificate().publicUrl }).waitFor();
    // Only an issued certificate can be downloaded; staff actions are not an owner's.
    expect(await card.getByRole('button', { name: 'Download' }).count()).toBe(0);
    expect(await card.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    const cardShows = (status: string) => (shown: Page) =>
      shown.getByRole('region', { name: CARD }).getByText(`Status: ${status}`, { exact: true }).waitFor();
    await expectAccessibleInBothThemes(page, '/certificates', cardShows('Pending'));
    await expectAccessibleInBothThemes(session('ada'), '/certificates', cardShows('Pending'));
  });

  it('Ada sees it pending on the admin page, refuses a blank rejection, and approves it', async () => {
    const ada = session('ada');
    await ada.goto(url('/admin'));
    await expect.poll(() => cardFigure(ada, 'Pending Certificates')).toBe('1');
    const trigger = ada.getByRole('main').getByRole('button', { name: 'Certificate Approval', exact: true });
    await trigger.click();
    const card = ada.getByRole('main').getByRole('region', { name: CARD });
    await card.getByText('Status: Pending', { exact: true }).waitFor();

    // Rejecting needs a reason that is not blank.
    await card.getByRole('button', { name: `Reject the certificate of ${SERVER}` }).click();
    const reject = ada.getByRole('dialog', { name: 'Reject this certificate?' });
    const confirmReject = reject.getByRole('button', { name: 'Reject Certificate' });
    expect(await confirmReject.isDisabled()).toBe(true);
    await reject.getByLabel('Reason').fill('   ');
    expect(await confirmReject.isDisabled()).toBe(true);
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await reject.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: `Approve the certificate of ${SERVER}` }).click();
    await toasts(ada).getByText('Certificate Updated').waitFor();
    await card.getByText('Status: Issued', { exact: true }).waitFor();
    await expect.poll(() => cardFigure(ada, 'Pending Certificates')).toBe('0');
    const [approved] = await certificatesOf(ada);
    expect(approved).toMatchObject({ id: theCertificate().id, status: 'issued' });
    expect(approved?.validFrom).not.toBeNull();
    expect(approved?.validUntil).not.toBeNull();
  });

  it('Eddie opens the PDF in a 1000x800 popup, and its QR code leads to the public page', async () => {
    const page = eddiePage();
    await page.goto(url('/certificates'));
    const card = page.getByRole('region', { name: CARD });
    await card.getByText('Status: Issued', { exact: true }).waitFor();
    await expectAccessibleInBothThemes(page, '/certificates', (shown) =>
      shown.getByRole('region', { name: CARD }).getByText('Status: Issued', { exact: true }).waitFor(),
    );

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
    await card.getByRole('button', { name: 'Copy public URL' }).click();
    await toasts(page).getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(theCertificate().publicUrl);

    await page.evaluate(() => {
      const open = window.open.bind(window);
      const calls: unknown[][] = [];
      Object.assign(window, { openCalls: calls });
      window.open = (...args: Parameters<typeof window.open>) => {
        calls.push(args);
        return open(...args);
      };
    });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    const downloadPath = `/api/certificates/${theCertificate().id}/download`;
    const [call] = await page.evaluate(() => (window as unknown as { openCalls: unknown[][] }).openCalls);
    expect(call?.[0]).toBe(downloadPath);
    expect(call?.[2]).toBe('width=1000,height=800');
    expect(new URL(popup.url()).pathname).toBe(downloadPath);
    await popup.close();

    // The PDF, fetched with Eddie's session.
    const pdf = await page.request.get(url(downloadPath));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await decodePdfQrCodes(body)).toEqual([theCertificate().publicUrl]);
  });

  it('the public page, opened signed out, says the certificate is valid and issued', async () => {
    const { certificateId, publicUrl } = theCertificate();
    expect(new URL(publicUrl).pathname).toBe(`/verify/${certificateId}`);
    const visitor = await publicPage(`/verify/${certificateId}`);
    await visitor.getByRole('heading', { name: 'Valid certificate' }).waitFor();
    const main = visitor.getByRole('main');
    await main.getByText(SERVER, { exact: true }).waitFor();
    await main.getByText('Issued', { exact: true }).waitFor();
    const facts = await main.textContent();
    expect(facts).toContain(`${theCertificate().riskScore}/100`);
    expect(facts).toContain(theCertificate().checklistVersion);
    expect(facts).toContain('No later audit of this server has completed.');
    await main.getByRole('img', { name: 'Rampart certificate badge: Issued' }).waitFor();
    expect(await main.locator('pre').textContent()).toContain(`/badge/${certificateId}.svg`);
    // Nobody is signed in: there is no app shell and no sign-out.
    expect(await visitor.getByRole('button', { name: /sign out/i }).count()).toBe(0);
    await expectAccessibleInBothThemes(visitor, `/verify/${certificateId}`, (page) =>
      page.getByRole('heading', { name: 'Valid certificate' }).waitFor(),
    );
  });

  it('Ada revokes it after confirming; the public page and the badge say revoked', async () => {
    const ada = session('ada');
    await ada.goto(url('/certificates'));
    const card = ada.getByRole('main').getByRole('region', { name: CARD });
    await card.getByRole('button', { name: `Revoke the certificate of ${SERVER}` }).click();
    const dialog = ada.getByRole('dialog', { name: 'Revoke this certificate?' });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Revoke Certificate' }).click();
    await toasts(ada).getByText('Certificate Updated').waitFor();
    await card.getByText('Status: Revoked', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    await expectAccessibleInBothThemes(ada, '/certificates', (shown) =>
      shown.getByRole('region', { name: CARD }).getByText('Status: Revoked', { exact: true }).waitFor(),
    );

    const { certificateId } = theCertificate();
    const visitor = await publicPage(`/verify/${certificateId}`);
    await visitor.getByRole('heading', { name: 'Certificate revoked' }).waitFor();
    await visitor.getByRole('main').getByText('Revoked', { exact: true }).waitFor();
    const badge = await visitor.request.get(url(`/badge/${certificateId}.svg`));
    expect(badge.status()).toBe(200);
    expect(badge.headers()['content-type']).toContain('image/svg+xml');
    expect(await badge.text()).toContain('revoked');
    await expectAccessibleInBothThemes(visitor, `/verify/${certificateId}`, (page) =>
      page.getByRole('heading', { name: 'Certificate revoked' }).waitFor(),
    );
  });

  it('a later eligible audit makes a new pending certificate; Ada rejects it with a reason the owner sees', async () => {
    const ada = session('ada');
    const servers = (await (await ada.request.get(url('/api/admin/all-servers'))).json()) as Server[];
    const citadel = servers.find((server) => server.name === SERVER);
    const started = await ada.request.post(url('/api/audits'), {
      data: { serverId: citadel?.id ?? '' },
      headers: { origin: url('') },
    });
    expect(started.status(), await started.text()).toBe(201);
    const audit = (await started.json()) as Audit;
    await expect
      .poll(async () => ((await (await ada.request.get(url(`/api/audits/${audit.id}`))).json()) as Audit).status, {
        timeout: 30_000,
      })
      .toBe('completed');
    await expect
      .poll(async () => (await certificatesOf(ada)).filter((item) => item.status === 'pending').length)
      .toBe(1);

    await ada.goto(url('/certificates'));
    const pendingCard = ada
      .getByRole('main')
      .getByRole('region', { name: CARD })
      .filter({ has: ada.getByText('Status: Pending', { exact: true }) });
    await pendingCard.getByRole('button', { name: `Reject the certificate of ${SERVER}` }).click();
    const dialog = ada.getByRole('dialog', { name: 'Reject this certificate?' });
    const reason = 'The bot token rotation could not be confirmed.';
    await dialog.getByLabel('Reason').fill(`  ${reason}  `);
    await dialog.getByRole('button', { name: 'Reject Certificate' }).click();
    await toasts(ada).getByText('Certificate Rejected').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const rejected = (await certificatesOf(ada)).find((item) => item.status === 'rejected');
    expect(rejected?.rejectionReason).toBe(reason);

    // The owner's page shows the server's latest certificate: the rejected one, with the reason.
    const page = eddiePage();
    await page.goto(url('/certificates'));
    const card = page.getByRole('region', { name: CARD });
    await card.getByText('Status: Rejected', { exact: true }).waitFor();
    await card.getByText(reason).waitFor();
    expect(await card.getByRole('button', { name: 'Download' }).count()).toBe(0);
    await expectAccessibleInBothThemes(page, '/certificates', (shown) =>
      shown.getByRole('region', { name: CARD }).getByText('Status: Rejected', { exact: true }).waitFor(),
    );
  });

  it('an unknown id says plainly that there is no such certificate', async () => {
    const visitor = await publicPage('/verify/RMP-AAAAAAAAAAAAAAAAAAAAAAAAAA');
    await visitor.getByRole('alert').getByText('Certificate not found').waitFor();
    expect(await visitor.getByRole('main').textContent()).not.toContain(SERVER);
  });
});
