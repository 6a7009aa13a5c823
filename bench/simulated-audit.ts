import type { REST } from '@discordjs/rest';
import { collectSnapshot, createBotRest } from '../src/audit/collector.js';
import { runAuditSteps } from '../src/audit/engine.js';
import { runInSlices } from '../src/audit/slices.js';
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
  /** Requests the simulator answered with 429 during this audit. */
  rateLimited: number;
  wallMs: number;
}

/**
 * One REST client per simulator, as the server keeps one per process: audits run back to back then share
 * its count of the global limit (50 a second), instead of each starting from a full allowance.
 */
const clients = new WeakMap<RunningDiscordSimulator, REST>();

function restFor(sim: RunningDiscordSimulator): REST {
  const existing = clients.get(sim);
  if (existing) return existing;
  const rest = createBotRest(SIMULATED_DISCORD_APP.botToken, `${sim.url}/api`);
  clients.set(sim, rest);
  return rest;
}

/** One audit as the worker runs it: the process's REST client, collection, then the engine in slices. */
export async function auditFixture(sim: RunningDiscordSimulator, fixture: AuditFixture): Promise<AuditRun> {
  if (!sim.state.isBotInGuild(fixture.guildId))
    sim.state.addBotToGuild(fixture.guildId, LEAST_PRIVILEGE_AUDIT_BOT, fixture.ownerId);
  const rest = restFor(sim);
  sim.state.resetRequestLog();
  let result: Omit<AuditRun, 'served' | 'perRoute' | 'rateLimited' | 'wallMs'> | undefined;
  const wallMs = await timeAsync(async () => {
    const { snapshot, restCalls } = await collectSnapshot({
      rest,
      botToken: SIMULATED_DISCORD_APP.botToken,
      guildId: fixture.guildId,
    });
    const report = await runInSlices(runAuditSteps(snapshot, contextFor(fixture)));
    result = { snapshot, report, collectorCalls: restCalls };
  });
  if (!result) throw new Error(`The audit of ${fixture.key} produced nothing`);
  return {
    ...result,
    served: sim.state.totalRequests(),
    perRoute: sim.state.requestCounts(),
    rateLimited: sim.state.requestLog.filter((entry) => entry.status === 429).length,
    wallMs,
  };
}

const MEMBERS_ROUTE = 'GET /guilds/:guildId/members';
const AUDIT_LOG_ROUTE = 'GET /guilds/:guildId/audit-logs';
/** GET /gateway/bot, the WebSocket handshake, Identify → Ready, Request Guild Members → the first chunk. */
const GATEWAY_ROUND_TRIPS = 4;

export interface CriticalPath {
  roundTrips: number;
  chain: string;
}

/**
 * The longest chain of calls that must wait for one another in the collector: the member list's Gateway
 * session (4 exchanges, from the start) beside GET /users/@me and GET /guilds/{id} (the guild decides
 * whether community-only routes are asked), then every other route in parallel, except that audit-log
 * pages (and member pages, when the Gateway refused the list) follow a cursor one after another.
 */
export function criticalPath(perRoute: Readonly<Record<string, number>>): CriticalPath {
  const memberPages = perRoute[MEMBERS_ROUTE] ?? 0;
  const auditLogPages = perRoute[AUDIT_LOG_ROUTE] ?? 0;
  const members =
    memberPages > 0
      ? { roundTrips: 1 + memberPages, chain: `guild (1) -> ${memberPages} member page(s) in sequence` }
      : { roundTrips: GATEWAY_ROUND_TRIPS, chain: `Gateway member list (${GATEWAY_ROUND_TRIPS})` };
  const auditLog = {
    roundTrips: 1 + Math.max(auditLogPages, 1),
    chain: `guild (1) -> ${auditLogPages} audit-log page(s) in sequence`,
  };
  return members.roundTrips >= auditLog.roundTrips ? members : auditLog;
}
