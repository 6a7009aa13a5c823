import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { createClient } from 'redis';
import type { Database } from '../db/client.js';
import { rateLimitCounters } from '../db/schema.js';

/** One hit counted in a bucket whose window opens with its first hit; `ttl` is what remains of the window. */
export interface HitCount {
  current: number;
  ttl: number;
}

/** Where the counters live: somewhere every instance sees, so a load balancer cannot split a client's budget. */
export interface CounterBackend {
  hit(bucket: string, windowMs: number): Promise<HitCount>;
}

const CLEANUP_INTERVAL_MS = 60_000;

/** Counters in the database, one row per bucket; an upsert makes each hit atomic across instances. */
export function databaseCounters(db: Database): CounterBackend {
  let nextCleanupAt = 0;
  return {
    async hit(bucket, windowMs) {
      const now = new Date();
      const windowEnd = new Date(now.getTime() + windowMs);
      const expired = sql`${rateLimitCounters.expiresAt} <= ${now}`;
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ bucket, hits: 1, expiresAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimitCounters.bucket,
          set: {
            hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
            expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitCounters.expiresAt} end`,
          },
        })
        .returning({ hits: rateLimitCounters.hits, expiresAt: rateLimitCounters.expiresAt });
      if (row === undefined) throw new Error('rate-limit upsert returned no row');
      if (now.getTime() >= nextCleanupAt) {
        nextCleanupAt = now.getTime() + CLEANUP_INTERVAL_MS;
        await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, now));
      }
      return { current: row.hits, ttl: Math.max(0, row.expiresAt.getTime() - now.getTime()) };
    },
  };
}

type RedisClient = ReturnType<typeof createClient>;

/** Counters in Redis: the key is created with its expiry and incremented in one MULTI. */
export function redisCounters(client: RedisClient, keyPrefix: string): CounterBackend {
  return {
    async hit(bucket, windowMs) {
      const key = `${keyPrefix}:rate-limit:${bucket}`;
      const [, hits, remaining] = await client
        .multi()
        .set(key, '0', { condition: 'NX', expiration: { type: 'PX', value: windowMs } })
        .incr(key)
        .pTTL(key)
        .exec();
      return { current: Number(hits), ttl: Math.max(0, Number(remaining)) };
    },
  };
}

interface RouteInfo {
  routeInfo?: { method?: unknown; url?: unknown };
}

/** A @fastify/rate-limit store on a shared backend; each rate-limited route counts in its own buckets. */
export function sharedRateLimitStore(backend: CounterBackend): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: HitCount) => void, timeWindow: number): void {
      backend.hit(`${this.route}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const info = (routeOptions as RouteInfo).routeInfo;
      return new SharedStore(undefined, `${String(info?.method)} ${String(info?.url)}`);
    }
  }
  return SharedStore;
}
