import { createHash } from 'node:crypto';

/**
 * Rate-limit bookkeeping with Discord's headers (discord-reference §4). Buckets are keyed by route plus the
 * major parameter (the guild id), like Discord's, and every bot-token request also counts against the
 * global limit of 50 a second. Over-limit requests are refused with 429 as Discord does (unless `enforce`
 * is switched off); forced 429s are queued by tests to check that clients honour `Retry-After`.
 */

export interface RateLimitSettings {
  /** Requests per bucket window, sent as X-RateLimit-Limit. Discord publishes no numbers; clients read the headers. */
  limit: number;
  windowMs: number;
  /** Bot-token requests per second across all routes (Discord: 50). */
  globalLimit: number;
  /** Answer 429 once a bucket or the global limit is exhausted, as Discord does. */
  enforce: boolean;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = { limit: 50, windowMs: 1000, globalLimit: 50, enforce: true };
const GLOBAL_WINDOW_MS = 1000;

export type RateLimitScope = 'user' | 'global' | 'shared';

export interface ForcedRateLimitOptions {
  /** Sends X-RateLimit-Global and `global: true` without bucket headers: @discordjs/rest then pauses every route. */
  global?: boolean;
  scope?: RateLimitScope;
}

interface ForcedRateLimit {
  pattern: string;
  remaining: number;
  retryAfterSeconds: number;
  global: boolean;
  scope: RateLimitScope;
}

export interface RateLimitDecision {
  headers: Record<string, string>;
  /** Present when the request must be answered with 429 instead of being served. */
  limited?: { retryAfterSeconds: number; global: boolean; scope: RateLimitScope };
}

interface Window {
  startedAt: number;
  count: number;
}

/**
 * Whether a forced-429 pattern applies: `*`, a route key such as `GET /guilds/:guildId/members`, the same
 * without the method, or a concrete path such as `/guilds/1200000000000000002/members`.
 */
export function patternMatches(pattern: string, method: string, route: string, path: string): boolean {
  if (pattern === '*') return true;
  const [first, ...rest] = pattern.trim().split(/\s+/);
  const hasMethod = rest.length > 0;
  const target = hasMethod ? rest.join(' ') : (first ?? '');
  if (hasMethod && first?.toUpperCase() !== method.toUpperCase()) return false;
  return target === route || target === path;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly globalWindows = new Map<string, Window>();
  private readonly forced: ForcedRateLimit[] = [];

  constructor(
    readonly settings: RateLimitSettings,
    private readonly clock: () => number,
  ) {}

  force(pattern: string, times: number, retryAfterSeconds: number, options: ForcedRateLimitOptions = {}): void {
    this.forced.push({
      pattern,
      remaining: times,
      retryAfterSeconds,
      global: options.global ?? false,
      scope: options.scope ?? (options.global === true ? 'global' : 'user'),
    });
  }

  clearForced(): void {
    this.forced.length = 0;
  }

  /**
   * Counts the request against the global limit of its token (`globalKey`, for bot tokens) and against its
   * bucket, and tells the caller which headers to send and whether to refuse it.
   */
  consume(
    method: string,
    route: string,
    path: string,
    majorParameter: string | undefined,
    globalKey?: string,
  ): RateLimitDecision {
    const now = this.clock();
    if (globalKey !== undefined) {
      const global = this.countIn(this.globalWindows, globalKey, now, GLOBAL_WINDOW_MS);
      if (this.settings.enforce && global.count > this.settings.globalLimit) {
        // Refused before it reaches a bucket, so the bucket does not count it.
        return this.limitedDecision({}, (global.startedAt + GLOBAL_WINDOW_MS - now) / 1000, true, 'global');
      }
    }
    const bucket = bucketHash(method, route);
    const window = this.countIn(this.windows, `${bucket}:${majorParameter ?? ''}`, now, this.settings.windowMs);
    const resetAt = window.startedAt + this.settings.windowMs;
    const resetAfter = Math.max(0, resetAt - now) / 1000;
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(this.settings.limit),
      'x-ratelimit-remaining': String(Math.max(0, this.settings.limit - window.count)),
      'x-ratelimit-reset': (resetAt / 1000).toFixed(3),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
      'x-ratelimit-bucket': bucket,
    };

    const forced = this.forced.find(
      (entry) => entry.remaining > 0 && patternMatches(entry.pattern, method, route, path),
    );
    if (forced) {
      forced.remaining -= 1;
      if (forced.remaining === 0) this.forced.splice(this.forced.indexOf(forced), 1);
      return this.limitedDecision(headers, forced.retryAfterSeconds, forced.global, forced.scope);
    }
    if (this.settings.enforce && window.count > this.settings.limit) {
      return this.limitedDecision(headers, resetAfter, false, 'user');
    }
    return { headers };
  }

  private countIn(windows: Map<string, Window>, key: string, now: number, windowMs: number): Window {
    let window = windows.get(key);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  /**
   * A 429 as Discord sends it: `Retry-After` in whole seconds, rounded up (the body keeps the float). A route
   * or shared limit keeps the bucket headers with the bucket exhausted; a global limit belongs to no bucket,
   * so it carries only `X-RateLimit-Global` and `X-RateLimit-Scope: global`.
   */
  private limitedDecision(
    headers: Record<string, string>,
    retryAfterSeconds: number,
    global: boolean,
    scope: RateLimitScope,
  ): RateLimitDecision {
    const limited = { retryAfterSeconds, global, scope };
    const retryAfter = String(Math.max(1, Math.ceil(retryAfterSeconds)));
    if (global) {
      return {
        headers: { 'retry-after': retryAfter, 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
        limited,
      };
    }
    const limitedHeaders: Record<string, string> = {
      ...headers,
      'retry-after': retryAfter,
      'x-ratelimit-scope': scope,
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset-after': retryAfterSeconds.toFixed(3),
      'x-ratelimit-reset': ((this.clock() + retryAfterSeconds * 1000) / 1000).toFixed(3),
    };
    return { headers: limitedHeaders, limited };
  }
}

/** An opaque, stable bucket id per route, like Discord's (it never includes the major parameter). */
export function bucketHash(method: string, route: string): string {
  return createHash('sha1').update(`${method} ${route}`).digest('hex').slice(0, 32);
}
