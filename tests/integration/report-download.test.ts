import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditReports } from '../../src/server/db/schema.js';
import { createRenderQueue } from '../../src/server/pdf/render-queue.js';
import type { Audit, AuditWithChecks } from '../../src/shared/contracts/audits.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let eddie = '';
let audit: AuditWithChecks;
const queue = createRenderQueue({ maxQueued: 2, retryAfterSeconds: 7 });

beforeAll(async () => {
  t = await createTestApp({}, { reportQueue: queue });
  eddie = await t.signIn(DEMO.eddie);
  await grantEntitlement(t, DEMO.eddie);
  const started = await startAudit(t, eddie, await serverId(t, eddie, GUILDS.studyHall));
  audit = await waitForAudit(t, eddie, started.json<Audit>().id);
});
afterAll(async () => t?.close());

const download = () =>
  t.app.inject({ method: 'GET', url: `/api/audits/${audit.id}/download-report`, headers: { cookie: eddie } });
const cachedRow = async () =>
  (await t.database.db.select().from(auditReports).where(eq(auditReports.auditId, audit.id)))[0];

describe('GET /api/audits/{id}/download-report', () => {
  it('renders once per audit version: the second download is served from the cache', async () => {
    await t.database.db.delete(auditReports);
    const renderedBefore = queue.stats().rendered;
    const first = await download();
    expect(first.statusCode).toBe(200);
    expect(queue.stats().rendered).toBe(renderedBefore + 1);
    const row = await cachedRow();
    expect(row?.pdf.equals(first.rawPayload)).toBe(true);

    // Mark the cached copy: only a download served from the cache can return the mark.
    const marked = Buffer.concat([first.rawPayload, Buffer.from('%cached')]);
    await t.database.db.update(auditReports).set({ pdf: marked }).where(eq(auditReports.auditId, audit.id));
    const second = await download();
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(marked)).toBe(true);
    expect(queue.stats().rendered).toBe(renderedBefore + 1);
  });

  it('draws the report again after an override changes the audit', async () => {
    const before = await cachedRow();
    const failed = audit.checkResults.find((check) => check.status === 'FAIL');
    const override = await t.app.inject({
      method: 'PUT',
      url: `/api/checks/${failed?.id ?? ''}`,
      headers: sameOrigin(eddie),
      payload: { status: 'WAIVED', waiveReason: 'Accepted risk for the study group.' },
    });
    expect(override.statusCode).toBe(200);
    const after = await download();
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.toString('latin1')).not.toContain('%cached');
    const row = await cachedRow();
    expect(row?.version).not.toBe(before?.version);
    expect(row?.pdf.equals(after.rawPayload)).toBe(true);
  });

  it('queues renders behind the running one, tells the excess to retry, and /healthz answers meanwhile', async () => {
    await t.database.db.delete(auditReports);
    const renderedBefore = queue.stats().rendered;
    // Another render holds the queue until the test lets it finish.
    let finishRunning = () => {};
    let running: Promise<void> = Promise.resolve();
    await new Promise<void>((started) => {
      running = queue.run(() => {
        started();
        return new Promise<void>((resolve) => (finishRunning = resolve));
      });
    });
    let answered = 0;
    const burst = Promise.all(
      Array.from({ length: 6 }, async () => {
        const response = await download();
        answered += 1;
        return response;
      }),
    );
    while (answered < 4) await new Promise((resolve) => setTimeout(resolve, 10));

    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(answered).toBe(4);
    finishRunning();
    await running;
    const responses = await burst;

    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 503, 503, 503, 503]);
    const refused = responses.find((response) => response.statusCode === 503);
    expect(refused?.headers['retry-after']).toBe('7');
    expect(refused?.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    // The held render and the two that waited; the refused four drew nothing.
    expect(queue.stats().rendered).toBe(renderedBefore + 3);
  });

  it('still answers 404 to another user and 401 to a visitor', async () => {
    const olivia = await t.signIn(DEMO.olivia);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/audits/${audit.id}/download-report`,
      headers: { cookie: olivia },
    });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/audits/${audit.id}/download-report` })).statusCode).toBe(
      401,
    );
  });
});
