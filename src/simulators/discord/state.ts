import { addAuditBot, isBotInGuild, removeAuditBot } from './bot-membership.js';
import { DEMO_ACCOUNTS, GUILD_FIXTURES, publicUser, RAMPART_BOT } from './fixtures/index.js';
import { type APIUser, type APIWebhook, WebhookType } from 'discord-api-types/v10';
import { OAuthStore } from './oauth-store.js';
import { emptyPersistedState, loadPersistedState, savePersistedState } from './persistence.js';
import type { PersistedState } from './persistence.js';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './rate-limits.js';
import type { ForcedRateLimitOptions, RateLimitSettings } from './rate-limits.js';
import { SimulatedGuild } from './simulated-guild.js';
import type { DemoAccount, GuildFixtureDefinition, GuildToggles, ReceivedWebhookMessage } from './types.js';

export interface RequestLogEntry {
  at: number;
  method: string;
  /** Route key without the API prefix, e.g. `GET /guilds/:guildId/members`. */
  route: string;
  /** Concrete path without the API prefix and query, e.g. `/guilds/1200000000000000002/members`. */
  path: string;
  status: number;
  auth: 'bot' | 'bearer' | 'basic' | 'none';
}

export interface SimulatorStateOptions {
  /** JSON file that keeps bot invites across restarts (demo mode). */
  statePath?: string;
  /** Epoch-ms clock; fixtures date their members and audit entries relative to it. */
  now?: () => number;
  latencyMs?: number;
  rateLimit?: Partial<RateLimitSettings>;
  warn?: (message: string) => void;
}

/** The request log keeps this many entries; `requestCounts` keeps counting past it. */
const REQUEST_LOG_LIMIT = 10_000;

/**
 * Everything the running simulator knows: fixture guilds (built on first use, the large one included),
 * bot memberships, OAuth codes and tokens, the request log and the test toggles.
 */
export class SimulatorState {
  readonly clock: () => number;
  readonly oauth: OAuthStore;
  readonly rateLimiter: RateLimiter;
  /** Artificial delay before every API answer, for benchmarks that want realistic round trips. */
  latencyMs: number;
  /** Gateway sessions identified so far; `GET /gateway/bot` counts them against the daily session starts. */
  gatewaySessionsStarted = 0;
  /** Gateway connections open now, identified or not. */
  gatewayConnectionsOpen = 0;
  /** Messages incoming webhooks received, oldest first. */
  readonly webhookMessages: ReceivedWebhookMessage[] = [];
  /** Most recent API requests, oldest first (bounded). */
  readonly requestLog: RequestLogEntry[] = [];
  private readonly counts = new Map<string, number>();
  private readonly guilds = new Map<string, SimulatedGuild>();
  private readonly definitions: ReadonlyMap<string, GuildFixtureDefinition>;
  private readonly persisted: PersistedState;
  private readonly statePath: string | undefined;

  constructor(options: SimulatorStateOptions = {}) {
    this.clock = options.now ?? Date.now;
    this.oauth = new OAuthStore(this.clock);
    this.latencyMs = options.latencyMs ?? 0;
    this.rateLimiter = new RateLimiter({ ...DEFAULT_RATE_LIMITS, ...options.rateLimit }, this.clock);
    this.definitions = new Map(GUILD_FIXTURES.map((definition) => [definition.id, definition]));
    this.statePath = options.statePath;
    const warn = options.warn ?? ((message: string) => console.warn(message));
    this.persisted = this.statePath === undefined ? emptyPersistedState() : loadPersistedState(this.statePath, warn);
  }

  /** Ids of every fixture guild, without building any of them. */
  guildIds(): string[] {
    return [...this.definitions.keys()];
  }

  hasGuild(guildId: string): boolean {
    return this.definitions.has(guildId);
  }

  /** The guild, built from its fixture on first use (with persisted bot membership applied). */
  guild(guildId: string): SimulatedGuild | undefined {
    const existing = this.guilds.get(guildId);
    if (existing) return existing;
    const definition = this.definitions.get(guildId);
    if (!definition) return undefined;
    const guild = new SimulatedGuild(definition.build(this.clock()));
    const override = this.persisted.botMemberships[guildId];
    if (override === null) guild.replaceBotCollections(removeAuditBot(guild.fixture));
    else if (override !== undefined) {
      guild.replaceBotCollections(
        addAuditBot(guild.fixture, guildId, {
          permissions: BigInt(override.permissions),
          installer: this.user(override.installerId) ?? publicUser(override.installerId, 'former_installer', null),
          joinedAt: override.joinedAt,
        }),
      );
    }
    this.guilds.set(guildId, guild);
    return guild;
  }

  allGuilds(): SimulatedGuild[] {
    return this.guildIds().flatMap((guildId) => this.guild(guildId) ?? []);
  }

  account(userId: string): DemoAccount | undefined {
    return DEMO_ACCOUNTS.find((candidate) => candidate.user.id === userId);
  }

  /** Any user the simulator knows: demo accounts, the audit bot, then members of every fixture guild (loaded or not). */
  user(userId: string): APIUser | undefined {
    const account = this.account(userId);
    if (account) return account.user;
    if (userId === RAMPART_BOT.id) return RAMPART_BOT;
    for (const guild of this.allGuilds()) {
      const entry = guild.member(userId);
      if (entry) return entry.user;
    }
    return undefined;
  }

  /** The incoming webhook of that id in any fixture guild, as the guild stands now (a removed one is gone). */
  incomingWebhook(webhookId: string): APIWebhook | undefined {
    for (const guild of this.allGuilds()) {
      const found = guild.fixture.webhooks.find(
        (webhook) => webhook.id === webhookId && webhook.type === WebhookType.Incoming,
      );
      if (found) return found;
    }
    return undefined;
  }

  isBotInGuild(guildId: string): boolean {
    const guild = this.guild(guildId);
    return guild !== undefined && isBotInGuild(guild.fixture);
  }

  /** What an authorized bot invite does: the bot joins with a managed role carrying exactly `permissions`. */
  addBotToGuild(guildId: string, permissions: bigint, installerId: string): void {
    const guild = this.requireGuild(guildId);
    const installer = this.user(installerId);
    if (!installer) throw new Error(`Unknown installer ${installerId}`);
    const joinedAt = this.clock();
    guild.replaceBotCollections(addAuditBot(guild.fixture, guildId, { permissions, installer, joinedAt }));
    const previous = this.persisted.botMemberships[guildId];
    this.persisted.botMemberships[guildId] = {
      permissions: permissions.toString(),
      installerId,
      // A re-invite only changes permissions, so the original join time (and the ids derived from it) stay.
      joinedAt: previous?.joinedAt ?? joinedAt,
    };
    this.save();
  }

  /** The bot leaves (or is kicked from) the guild. */
  removeBotFromGuild(guildId: string): void {
    const guild = this.requireGuild(guildId);
    guild.replaceBotCollections(removeAuditBot(guild.fixture));
    this.persisted.botMemberships[guildId] = null;
    this.save();
  }

  setGuildToggles(guildId: string, toggles: Partial<GuildToggles>): void {
    const guild = this.requireGuild(guildId);
    guild.toggles = { ...guild.toggles, ...toggles };
  }

  /**
   * The next `times` requests matching `routePattern` answer 429 with `Retry-After: retryAfterSeconds`.
   * Patterns: `*`, `GET /guilds/:guildId/members`, `/guilds/:guildId/members` or a concrete path.
   */
  forceRateLimit(
    routePattern: string,
    times: number,
    retryAfterSeconds: number,
    options: ForcedRateLimitOptions = {},
  ): void {
    this.rateLimiter.force(routePattern, times, retryAfterSeconds, options);
  }

  clearForcedRateLimits(): void {
    this.rateLimiter.clearForced();
  }

  recordRequest(entry: RequestLogEntry): void {
    this.requestLog.push(entry);
    if (this.requestLog.length > REQUEST_LOG_LIMIT)
      this.requestLog.splice(0, this.requestLog.length - REQUEST_LOG_LIMIT);
    const key = `${entry.method} ${entry.route}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Requests per route key (`GET /guilds/:guildId/channels` → 3) since the last reset. */
  requestCounts(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  totalRequests(): number {
    let total = 0;
    for (const count of this.counts.values()) total += count;
    return total;
  }

  resetRequestLog(): void {
    this.requestLog.length = 0;
    this.counts.clear();
  }

  private requireGuild(guildId: string): SimulatedGuild {
    const guild = this.guild(guildId);
    if (!guild) throw new Error(`Unknown fixture guild ${guildId}`);
    return guild;
  }

  private save(): void {
    if (this.statePath !== undefined) savePersistedState(this.statePath, this.persisted);
  }
}

export function createSimulatorState(options: SimulatorStateOptions = {}): SimulatorState {
  return new SimulatorState(options);
}
