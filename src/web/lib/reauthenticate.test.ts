import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReauthenticator, REAUTH_TIMEOUT_MS, REAUTH_URL, type ReauthHost } from './reauthenticate';

type Listener = (event: { origin: string; data: unknown }) => void;

function fakeHost(popup: unknown = {}) {
  const listeners = new Set<Listener>();
  const open = vi.fn((_url: string, _target: string, _features: string) => popup);
  const host: ReauthHost = {
    location: { origin: 'https://rampart.test' },
    open,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    setTimeout: (handler, timeout) => Number(setTimeout(handler, timeout)),
    clearTimeout: (id) => clearTimeout(id),
  };
  const post = (data: unknown, origin = 'https://rampart.test') => {
    for (const listener of [...listeners]) listener({ origin, data });
  };
  return { host, open, post, listeners };
}

describe('createReauthenticator', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens a 500x600 popup on the re-authentication address', () => {
    const { host, open } = fakeHost();
    void createReauthenticator(host)();
    expect(open).toHaveBeenCalledOnce();
    const [url, , features] = open.mock.calls[0] ?? [];
    expect(url).toBe(REAUTH_URL);
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
  });

  it('resolves true on auth:success from our origin and stops listening', async () => {
    const { host, post, listeners } = fakeHost();
    const result = createReauthenticator(host)();
    post('auth:success');
    await expect(result).resolves.toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('ignores messages from other origins', async () => {
    const { host, post } = fakeHost();
    const result = createReauthenticator(host)();
    post('auth:success', 'https://evil.test');
    post('auth:error');
    await expect(result).resolves.toBe(false);
  });

  it('resolves false when the popup is blocked, and logs why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { host } = fakeHost(null);
    await expect(createReauthenticator(host)()).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith('Popup blocked - cannot re-authenticate');
  });

  it('gives up after 60 seconds', async () => {
    const { host } = fakeHost();
    const result = createReauthenticator(host)();
    vi.advanceTimersByTime(REAUTH_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    await expect(result).resolves.toBe(false);
  });

  it('shares one popup between concurrent callers, and opens a new one afterwards', async () => {
    const { host, open, post } = fakeHost();
    const reauthenticate = createReauthenticator(host);
    const first = reauthenticate();
    const second = reauthenticate();
    expect(open).toHaveBeenCalledOnce();
    post('auth:success');
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    void reauthenticate();
    expect(open).toHaveBeenCalledTimes(2);
  });
});
