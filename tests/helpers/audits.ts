import { eq } from 'drizzle-orm';
import { entitlements, servers, users } from '../../src/server/db/schema.js';
import type { AuditWithChecks } from '../../src/shared/contracts/audits.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import {
  DANGEROUS_GUILD_ID,
  HARDENED_GUILD_ID,
  LARGE_GUILD_ID,
  STUDY_HALL_GUILD_ID,
  TYPICAL_GUILD_ID,
} from '../../src/simulators/discord/fixtures/index.js';
import { sameOrigin, type TestApp } from './test-app.js';

export const GUILDS = {
  hardened: HARDENED_GUILD_ID,
  typical: TYPICAL_GUILD_ID,
  dangerous: DANGEROUS_GUILD_ID,
  large: LARGE_GUILD_ID,
  studyHall: STUDY_HALL_GUILD_ID,
} as const;

export async function grantEntitlement(
  t: TestApp,
  discordId: string,
  plan: 'DIY' | 'FULL_SERVICE' | 'COUPON' = 'DIY',
): Promise<void> {
  const [user] = await t.database.db.select().from(users).where(eq(users.discordId, discordId));
  if (user === undefined) throw new Error(`no user ${discordId}: sign in first`);
  await t.database.db.insert(entitlements).values({ userId: user.id, plan, source: 'test' });
}

/** The stored server id for a Discord guild id, as the caller's /api/servers lists it. */
export async function serverId(t: TestApp, cookie: string, guildId: string): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/api/servers', headers: { cookie } });
  const found = response.json<Server[]>().find((server) => server.discordId === guildId);
  if (found === undefined) throw new Error(`guild ${guildId} is not among the caller's servers`);
  return found.id;
}

export async function serverIdOf(t: TestApp, guildId: string): Promise<string> {
  const [row] = await t.database.db.select().from(servers).where(eq(servers.discordId, guildId));
  if (row === undefined) throw new Error(`guild ${guildId} not stored`);
  return row.id;
}

export function startAudit(t: TestApp, cookie: string, id: string) {
  return t.app.inject({ method: 'POST', url: '/api/audits', headers: sameOrigin(cookie), payload: { serverId: id } });
}

/** Polls GET /api/audits/{id} like the web does, until the audit has finished. */
export async function waitForAudit(
  t: TestApp,
  cookie: string,
  auditId: string,
  timeoutMs = 20_000,
): Promise<AuditWithChecks> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await t.app.inject({ method: 'GET', url: `/api/audits/${auditId}`, headers: { cookie } });
    const audit = response.json<AuditWithChecks>();
    if (audit.status === 'completed' || audit.status === 'failed') return audit;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`audit ${auditId} did not finish within ${timeoutMs} ms`);
}
