import { collectSnapshot, createBotRest } from '../src/audit/collector.js';
import { runAudit } from '../src/audit/engine.js';
import type { AuditContext } from '../src/audit/types.js';
import { SIMULATED_DISCORD_APP } from '../src/server/config.js';
import type { AuditReport } from '../src/shared/audit-contract.js';
import type { AuditSnapshot } from '../src/shared/audit-snapshot.js';
import {
  DEMO_ACCOUNTS,
  LEAST_PRIVILEGE_AUDIT_BOT,
  startDiscordSimulator,
  type AuditFixture,
  type RunningDiscordSimulator,
} from '../src/simulators/discord/index.js';
import { timeAsync } from './stats.js';

/** Full collect + evaluate audits of the fixture guilds against a standalone simulator on 127.0.0.1. */

export async function startSimulator(): Promise<RunningDiscordSimulator> {
  const { clientId, clientSecret, botToken } = SIMULATED_DISCORD_APP;
  return startDiscordSimulator({ port: 0, host: '127.0.0.1', clientId, clientSecret, botToken, redirectUris: [] });
}

export function contextFor(fixture: AuditFixture): AuditContext {
  const mfa = DEMO_ACCOUNTS.find((account) => account.user.id === fixture.ownerId)?.mfaEnabled;
  return mfa === undefined ? {} : { ownerMfaEnabled: mfa };
}

export interface AuditRun {
  snapshot: AuditSnapshot;
  report: AuditReport;
  /** Calls the collector says it made; should equal the simulator's count. */
  collectorCalls: number;
  /** Requests the simulator served for this audit (its log is reset first). */
  served: number;
  perRoute: Record<string, number>;
  wallMs: number;
}

/** One audit as the worker runs it: a fresh REST client, collection, then the engine. */
export async function auditFixture(sim: RunningDiscordSimulator, fixture: AuditFixture): Promise<AuditRun> {
  if (!sim.state.isBotInGuild(fixture.guildId))
    sim.state.addBotToGuild(fixture.guildId, LEAST_PRIVILEGE_AUDIT_BOT, fixture.ownerId);
  const rest = createBotRest(SIMULATED_DISCORD_APP.botToken, `${sim.url}/api`);
  sim.state.resetRequestLog();
  let result: Omit<AuditRun, 'served' | 'perRoute' | 'wallMs'> | undefined;
  const wallMs = await timeAsync(async () => {
    const { snapshot, restCalls } = await collectSnapshot({
      rest,
      botToken: SIMULATED_DISCORD_APP.botToken,
      guildId: fixture.guildId,
    });
    result = { snapshot, report: runAudit(snapshot, contextFor(fixture)), collectorCalls: restCalls };
  });
  if (!result) throw new Error(`The audit of ${fixture.key} produced nothing`);
  return { ...result, served: sim.state.totalRequests(), perRoute: sim.state.requestCounts(), wallMs };
}

const MEMBERS_ROUTE = 'GET /guilds/:guildId/members';
const AUDIT_LOG_ROUTE = 'GET /guilds/:guildId/audit-logs';

export interface CriticalPath {
  roundTrips: number;
  chain: string;
}

/**
 * The longest chain of calls that must wait for one another in the collector: GET /users/@me and
 * GET /guilds/{id} run together first (the guild decides whether community-only routes are asked),
 * then every other route runs in parallel, except that member pages and audit-log pages each
 * follow a cursor from the previous page and so run one after another.
 */
export function criticalPath(perRoute: Readonly<Record<string, number>>): CriticalPath {
  const memberPages = perRoute[MEMBERS_ROUTE] ?? 0;
  const auditLogPages = perRoute[AUDIT_LOG_ROUTE] ?? 0;
  const longest = Math.max(memberPages, auditLogPages, 1);
  const tail =
    memberPages >= auditLogPages
      ? `${memberPages} member page(s) in sequence`
      : `${auditLogPages} audit-log page(s) in sequence`;
  return { roundTrips: 1 + longest, chain: `guild (1) -> ${tail}` };
}
