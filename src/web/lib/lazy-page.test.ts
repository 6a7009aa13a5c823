import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

describe('lazyPage', () => {
  it('loads the code once however often it is preloaded', async () => {
    const load = vi.fn(async () => ({ default: () => null }));
    const page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    await Promise.all([page.preload(), page.preload()]);
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
