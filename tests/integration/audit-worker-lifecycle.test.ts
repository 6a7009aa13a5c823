import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema.js';
import { GUILDS, serverId, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let ada = '';
let typical = '';
let dangerous = '';

beforeAll(async () => {
  t = await createTestApp();
  const olivia = await t.signIn(DEMO.olivia);
  ada = await t.signIn(DEMO.ada);
  typical = await serverId(t, olivia, GUILDS.typical);
  dangerous = await serverId(t, olivia, GUILDS.dangerous);
});
afterAll(async () => t?.close());

const rowOf = async (id: string) => {
  const [row] = await t.database.db.select().from(audits).where(eq(audits.id, id));
  if (row === undefined) throw new Error(`no audit ${id}`);
  return row;
};

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a graceful stop of the audit worker', () => {
  it('hands an unfinished run back to the queue uncounted, fences the old run off, and the next start completes it', async () => {
    t.simulator.state.latencyMs = 150;
    try {
      const [queued] = await t.database.db.insert(audits).values({ serverId: typical }).returning();
      const id = queued?.id ?? '';
      await until(async () => (await rowOf(id)).status === 'running');
      await t.app.auditWorker.stop(0);

      const handedBack = await rowOf(id);
      expect(handedBack).toMatchObject({
        status: 'pending',
        attempts: 0,
        leaseExpiresAt: null,
        leaseHolder: null,
        claimToken: null,
      });
      // The old run is still calling Discord; whatever it tries to write afterwards must not land.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 0, progressStep: handedBack.progressStep });

      t.simulator.state.latencyMs = 0;
      await t.app.auditWorker.start();
      expect(await waitForAudit(t, ada, id)).toMatchObject({ status: 'completed', totalChecks: 20 });
      expect((await rowOf(id)).attempts).toBe(1);
    } finally {
      t.simulator.state.latencyMs = 0;
    }
  });
});

describe('starting the audit worker', () => {
  it('takes back at once the runs its own instance held before a crash, and leaves live leases of other instances alone', async () => {
    await t.app.auditWorker.stop(0);
    const inAMinute = new Date(Date.now() + 60_000);
    const [orphan] = await t.database.db
      .insert(audits)
      .values({
        serverId: typical,
        status: 'running',
        attempts: 1,
        leaseExpiresAt: inAMinute,
        leaseHolder: t.config.instanceId,
        claimToken: crypto.randomUUID(),
      })
      .returning();
    const [elsewhere] = await t.database.db
      .insert(audits)
      .values({
        serverId: dangerous,
        status: 'running',
        attempts: 1,
        leaseExpiresAt: inAMinute,
        leaseHolder: 'other-host:5000',
        claimToken: crypto.randomUUID(),
      })
      .returning();

    await t.app.auditWorker.start();
    const recovered = await waitForAudit(t, ada, orphan?.id ?? '', 10_000);
    expect(recovered).toMatchObject({ status: 'completed', totalChecks: 20 });
    expect((await rowOf(orphan?.id ?? '')).attempts).toBe(2);
    expect(await rowOf(elsewhere?.id ?? '')).toMatchObject({
      status: 'running',
      leaseHolder: 'other-host:5000',
      attempts: 1,
    });
    await t.database.db.delete(audits).where(eq(audits.id, elsewhere?.id ?? ''));
  });
});
