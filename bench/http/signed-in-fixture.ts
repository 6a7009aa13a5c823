import { Audit, AuditWithChecks } from '../../src/shared/contracts/audits.js';
import { ServerList } from '../../src/shared/contracts/servers.js';
import { ADA, OLIVIA } from '../../src/simulators/discord/fixtures/accounts.js';
import { TYPICAL_GUILD_ID } from '../../src/simulators/discord/fixtures/index.js';
import { signInOverHttp } from '../../tests/e2e/support/server-process.js';

/** What the signed-in figures read: a completed audit of the typical guild and its owner's session. */
export interface SignedInFixture {
  /** Cookie header of the typical guild's owner, a user without admin rights. */
  ownerCookie: string;
  /** Cookie header of the demo admin, who may audit any server without a plan. */
  adminCookie: string;
  auditId: string;
  /** Rampart's id of each of the owner's servers, by Discord guild id. */
  serverIds: ReadonlyMap<string, string>;
}

const AUDIT_TIMEOUT_MS = 60_000;

/**
 * Through the real API, as the e2e tests do: the owner signs in (so her servers are stored), the
 * demo admin queues an audit of the typical guild (the bot is already in it), and the bench waits
 * until the owner reads it completed.
 */
export async function prepareSignedInFixture(url: string): Promise<SignedInFixture> {
  const ownerCookie = await signInOverHttp(url, OLIVIA.user.id);
  const servers = ServerList.parse(await getJson(url, '/api/servers', ownerCookie));
  const serverIds = new Map(servers.map((server) => [server.discordId, server.id]));
  const typical = serverIds.get(TYPICAL_GUILD_ID);
  if (typical === undefined) throw new Error('the typical guild is not among its owner’s servers');

  const adminCookie = await signInOverHttp(url, ADA.user.id);
  const auditId = await queueAudit(url, adminCookie, typical);
  await waitForAudit(url, ownerCookie, auditId);
  return { ownerCookie, adminCookie, auditId, serverIds };
}

/** POST /api/audits as a browser would (with Origin); returns the new audit's id. */
export async function queueAudit(url: string, cookie: string, serverId: string): Promise<string> {
  const created = await fetch(`${url}/api/audits`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ serverId }),
  });
  if (created.status !== 201) throw new Error(`POST /api/audits answered ${created.status}: ${await created.text()}`);
  return Audit.parse(await created.json()).id;
}

/** Polls the audit until it is completed; a failed audit stops the bench. */
export async function waitForAudit(url: string, cookie: string, auditId: string, pollMs = 100): Promise<void> {
  const deadline = Date.now() + AUDIT_TIMEOUT_MS;
  for (;;) {
    const audit = AuditWithChecks.parse(await getJson(url, `/api/audits/${auditId}`, cookie));
    if (audit.status === 'completed') return;
    if (audit.status === 'failed') throw new Error(`audit ${auditId} failed: ${String(audit.failureReason)}`);
    if (Date.now() > deadline) throw new Error(`audit ${auditId} was not done within ${AUDIT_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

async function getJson(url: string, path: string, cookie: string): Promise<unknown> {
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}
