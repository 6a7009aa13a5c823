import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.js';

/** A load the test finishes by hand, so an invalidation can land while it is under way. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

function cacheWith(feed: { listening: boolean }, ttlMs = 60_000, maxEntries = 100) {
  return new ReadCache<string>(feed, { ttlMs, maxEntries });
}

describe('ReadCache', () => {
  it('reads once, then answers from memory', async () => {
    const cache = cacheWith({ listening: true });
    let loads = 0;
    const load = async () => `value ${++loads}`;
    expect(await cache.read('k', load)).toBe('value 1');
    expect(await cache.read('k', load)).toBe('value 1');
    expect(loads).toBe(1);
  });

  it('never stores a value read before an invalidation that landed while it was read', async () => {
    const cache = cacheWith({ listening: true });
    const stale = deferred<string>();
    const first = cache.read('k', () => stale.promise);
    cache.invalidate('k');
    stale.resolve('before the change');
    expect(await first).toBe('before the change');
    expect(await cache.read('k', async () => 'after the change')).toBe('after the change');
  });

  it('lets concurrent readers share a load, but not one started before an invalidation', async () => {
    const cache = cacheWith({ listening: true });
    const slow = deferred<string>();
    let loads = 0;
    const first = cache.read('k', () => {
      loads += 1;
      return slow.promise;
    });
    const joined = cache.read('k', async () => `own ${++loads}`);
    cache.invalidateAll();
    const afterChange = cache.read('k', async () => `fresh ${++loads}`);
    slow.resolve('old');
    expect(await first).toBe('old');
    expect(await joined).toBe('old');
    expect(await afterChange).toBe('fresh 2');
  });

  it('is bypassed while the feed does not listen: every read asks, nothing is kept', async () => {
    const feed = { listening: false };
    const cache = cacheWith(feed);
    let loads = 0;
    const load = async () => `value ${++loads}`;
    await cache.read('k', load);
    await cache.read('k', load);
    expect(loads).toBe(2);
    feed.listening = true;
    expect(await cache.read('k', load)).toBe('value 3');
  });

  it('drops entries past their time to live, and the oldest beyond its size', async () => {
    const cache = cacheWith({ listening: true }, 20, 2);
    let loads = 0;
    const load = async () => `value ${++loads}`;
    await cache.read('a', load);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await cache.read('a', load)).toBe('value 2');
    await cache.read('b', load);
    await cache.read('c', load);
    expect(await cache.read('a', load)).toBe('value 5');
  });

  it('answers null from a load without keeping it, and drops matching entries', async () => {
    const cache = cacheWith({ listening: true });
    expect(await cache.read('missing', async () => null)).toBeNull();
    expect(await cache.read('missing', async () => 'now here')).toBe('now here');
    await cache.read('other', async () => 'keep');
    cache.invalidateWhere((value) => value === 'now here');
    expect(await cache.read('missing', async () => 'reloaded')).toBe('reloaded');
    expect(await cache.read('other', async () => 'not asked')).toBe('keep');
  });
});
