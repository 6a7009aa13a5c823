import { eq } from 'drizzle-orm';
import { audits } from '../../src/server/db/schema.js';
import { cryptoSubscriptions } from '../../src/server/db/schema-commerce.js';
import { users } from '../../src/server/db/schema.js';
import type { MonitoringSettings } from '../../src/shared/contracts/monitoring.js';
import { PATCH_NOTES_WEBHOOK_ID, simulatedWebhookToken } from '../../src/simulators/discord/fixtures/index.js';
import { sameOrigin, type TestApp } from './test-app.js';

/** Pixel Plaza's #patch-notes incoming webhook in the simulator, as Discord shows its URL. */
export const DEMO_WEBHOOK_URL = `https://discord.com/api/webhooks/${PATCH_NOTES_WEBHOOK_ID}/${simulatedWebhookToken(PATCH_NOTES_WEBHOOK_ID)}`;

/** A clock the test moves by hand. */
export function manualClock(start: Date) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at: Date) => {
      current = at.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}

/** An active monthly monitoring subscription of the user on the server, as a confirmed payment leaves it. */
export async function subscribeToMonitoring(t: TestApp, discordId: string, serverId: string): Promise<void> {
  const [user] = await t.database.db.select().from(users).where(eq(users.discordId, discordId));
  if (user === undefined) throw new Error(`no user ${discordId}: sign in first`);
  await t.database.db.insert(cryptoSubscriptions).values({
    userId: user.id,
    serverId,
    currency: 'ETH',
    usdCents: 1900,
    recipientAddress: '0x0000000000000000000000000000000000000001',
    status: 'active',
    isActive: true,
  });
}

export async function putMonitoring(t: TestApp, cookie: string, serverId: string, body: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/servers/${serverId}/monitoring`,
    headers: sameOrigin(cookie),
    payload: body,
  });
}

export async function enableMonitoring(
  t: TestApp,
  cookie: string,
  serverId: string,
  body: object = {},
): Promise<MonitoringSettings> {
  const response = await putMonitoring(t, cookie, serverId, { enabled: true, ...body });
  if (response.statusCode !== 200)
    throw new Error(`enabling monitoring answered ${response.statusCode}: ${response.body}`);
  return response.json<MonitoringSettings>();
}

export async function auditsOf(t: TestApp, serverId: string) {
  return t.database.db.select().from(audits).where(eq(audits.serverId, serverId)).orderBy(audits.createdAt);
}

/** Waits until no audit of the server is queued or running (the worker polls every 100 ms in tests). */
export async function waitForIdle(t: TestApp, serverId: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await auditsOf(t, serverId);
    if (rows.every((row) => row.status === 'completed' || row.status === 'failed')) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('audits still running');
}
