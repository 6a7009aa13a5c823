import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AuditWithChecks, StoredCheckResult } from '../../src/shared/contracts/audits.js';
import type { ThreadDetail } from '../../src/shared/contracts/evidence.js';
import { getJson, openWithLiveConnection, runAudit } from './support/api.js';
import { useBrowser } from './support/browser.js';
import { signInThroughDiscord } from './support/sign-in.js';

/**
 * The dispute of issue 9 from first evidence to a changed score, in two browsers at once: the owner
 * (Olivia, whose Pixel Plaza staff audit) and staff (Ada), each seeing the other's acts without reloading.
 */
const browser = useBrowser();
const SERVER = 'Pixel Plaza';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const stamp = Date.now().toString(36);
const EVIDENCE = `${stamp}: this setting is enforced by our moderation policy; see the screenshot.`;
const STAFF_REPLY = 'Thanks. Which role holds this permission today?';
const OWNER_RESPONSE = `${stamp}: only the Moderators role, reviewed monthly.`;

const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });
const unread = async (page: Page) => (await getJson<{ count: number }>(page, '/api/notifications/count')).count;

let owner: Page;
let staff: Page;
let audit: AuditWithChecks;
let check: StoredCheckResult;

beforeAll(async () => {
  owner = await browser.newPage();
  await signInThroughDiscord(owner, 'olivia');
  staff = await browser.newPage();
  await signInThroughDiscord(staff, 'ada');
  audit = await runAudit(staff, SERVER);
  // The last plain-evidence failure: other specs dispute the first ones of this server.
  const failed = audit.checkResults.filter((item) => item.status === 'FAIL' && !item.requiresManualEvidence);
  const last = failed.at(-1);
  if (last === undefined) throw new Error(`${SERVER} has no failed check to dispute`);
  check = last;
});

describe('an owner and staff settle a dispute live, in two browsers', () => {
  it('goes from evidence with a screenshot to a changed score without either side reloading', async () => {
    await openWithLiveConnection(staff, '/admin/evidence');
    const panel = staff.getByRole('main');
    await panel.getByText('Loading evidence threads...').waitFor({ state: 'detached' });
    await openWithLiveConnection(owner, `/audits/${audit.id}`);
    const item = owner.getByRole('main').getByRole('listitem', { name: check.checkName });

    // The owner submits evidence with a screenshot on the failed check.
    await item.getByRole('button', { name: `Submit Evidence for ${check.checkName}` }).click();
    const dialog = owner.getByRole('dialog', { name: 'Submit Evidence' });
    await dialog.getByRole('radio', { name: 'Screenshot' }).check();
    await dialog.getByLabel('What the screenshots show').fill(EVIDENCE);
    await dialog
      .getByLabel('Screenshots', { exact: true })
      .setInputFiles([{ name: 'policy.png', mimeType: 'image/png', buffer: PNG }]);
    await dialog.getByRole('button', { name: 'Submit Evidence' }).click();
    await toasts(owner).getByText('Evidence Submitted').waitFor();
    await item.getByText('Under Review').waitFor();

    // Staff see it arrive in the open review panel, with its screenshot, and reply.
    await toasts(staff).getByText('New Evidence').waitFor();
    await panel.getByRole('searchbox', { name: 'Search threads' }).fill(stamp);
    const row = panel
      .getByRole('list', { name: `Threads of ${SERVER}` })
      // Named by its last message too: the owner's evidence, stamped, is what tells it from older threads.
      .getByRole('button', { name: new RegExp(`${check.checkName}.*${stamp}`) });
    await row.click();
    const messages = panel.getByRole('log', { name: 'Messages' });
    await messages.getByText(EVIDENCE).waitFor();
    await messages.getByRole('img', { name: 'policy.png' }).waitFor();
    const unreadBefore = await unread(owner);
    await panel.getByLabel('Reply').fill(STAFF_REPLY);
    await panel.getByRole('button', { name: 'Send Reply' }).click();
    await toasts(staff).getByText('Message Sent').waitFor();

    // The owner hears of it live: the toast, the bell's count, the message in the open discussion.
    await toasts(owner).getByText('Admin Reply').waitFor();
    await owner.getByRole('button', { name: `Notifications, ${unreadBefore + 1} unread` }).waitFor();
    await item.getByText(STAFF_REPLY).waitFor();
    await item.getByText('Awaiting Your Response').waitFor();

    // The notifications page lists the reply; the owner's response from there lands in the thread.
    await owner.getByRole('link', { name: 'Notifications', exact: true }).first().click();
    const feedback = owner
      .getByRole('main')
      .getByRole('article')
      .filter({ has: owner.getByText('Admin Feedback', { exact: true }) })
      .first();
    await feedback.getByRole('button', { name: 'Respond' }).click();
    const respond = owner.getByRole('dialog', { name: 'Respond to Notification' });
    await respond.getByLabel('Your response').fill(OWNER_RESPONSE);
    await respond.getByRole('button', { name: 'Send Response' }).click();
    await toasts(owner).getByText('Response Sent').waitFor();
    await messages.getByText(OWNER_RESPONSE).waitFor();

    // Back on the audit, the owner watches staff approve: the check is waived and the score rises.
    await owner.goBack();
    // The owner's answer put the thread back under review (the discussion panel shows it collapsed).
    await item.getByText('Under Review').waitFor();
    const scoreBefore = audit.riskScore ?? 0;
    await panel.getByLabel('Admin Notes').fill('Confirmed: the permission is held by one reviewed role.');
    await panel.getByRole('button', { name: 'Approve' }).click();
    await toasts(staff).getByText('Evidence approved').waitFor();
    await toasts(owner).getByText('Evidence approved').waitFor();
    await item.getByText('Resolved').waitFor();
    const after = await getJson<AuditWithChecks>(owner, `/api/audits/${audit.id}`);
    expect(after.checkResults.find((result) => result.id === check.id)?.status).toBe('WAIVED');
    expect(after.riskScore ?? 0).toBeGreaterThan(scoreBefore);
    expect(after.passedChecks).toBe(audit.passedChecks + 1);
    await owner
      .getByRole('main')
      .getByLabel(new RegExp(`^Security score ${after.riskScore ?? 0} out of 100`))
      .first()
      .waitFor();

    // The thread holds the whole story, in order.
    const thread = await getJson<{ threads: { id: string }[] }>(
      owner,
      `/api/evidence/threads?scope=mine&auditId=${audit.id}&checkId=${check.checkId}&limit=1`,
    );
    const detail = await getJson<ThreadDetail>(owner, `/api/evidence/threads/${thread.threads[0]?.id ?? ''}`);
    expect(detail.thread.status).toBe('RESOLVED');
    expect(detail.messages.map((message) => message.isAdminMessage)).toEqual([false, true, false, true]);
  });
});
