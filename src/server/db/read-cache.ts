import type { ChangeFeed } from './change-feed.js';

export interface ReadCacheOptions {
  /** The longest an entry is served, even if no change of it was announced. */
  ttlMs: number;
  /** Beyond this many entries the oldest stored is dropped. */
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  storedAt: number;
}

interface Load<V> {
  generation: number;
  promise: Promise<V | null>;
}

/**
 * Values read from the database, kept in this process only while its change feed listens
 * (docs/decisions/0017). Whoever owns a cache maps the feed's changes to `invalidate(key)`; a lost feed
 * clears every cache through `invalidateAll`.
 *
 * A value read before an invalidation is never stored after it: every invalidation moves the
 * generation on, and a load stores its value only if the generation it started in is still current.
 * Concurrent reads of one key share one load, under the same rule.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loads = new Map<string, Load<V>>();
  private generation = 0;

  constructor(
    private readonly feed: Pick<ChangeFeed, 'listening'>,
    private readonly options: ReadCacheOptions,
  ) {}

  /** The stored value, or `load()`'s (stored when still valid); `load` resolving to null is answered, never stored. */
  async read(key: string, load: () => Promise<V | null>): Promise<V | null> {
    if (!this.feed.listening) return load();
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      if (Date.now() - entry.storedAt < this.options.ttlMs) return entry.value;
      this.entries.delete(key);
    }
    const running = this.loads.get(key);
    if (running !== undefined && running.generation === this.generation) return running.promise;
    return this.loadAndStore(key, load);
  }

  private async loadAndStore(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const generation = this.generation;
    const promise = load();
    this.loads.set(key, { generation, promise });
    try {
      const value = await promise;
      if (value !== null && generation === this.generation && this.feed.listening) this.store(key, value);
      return value;
    } finally {
      if (this.loads.get(key)?.promise === promise) this.loads.delete(key);
    }
  }

  private store(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: Date.now() });
    if (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }

  invalidate(key: string): void {
    this.generation += 1;
    this.entries.delete(key);
  }

  /** Drops the entries whose value matches, e.g. every cached audit that names a changed user. */
  invalidateWhere(matches: (value: V) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
  }

  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
