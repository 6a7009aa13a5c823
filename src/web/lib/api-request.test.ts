import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-errors';
import { apiRequest, getJson, isAuthPath } from './api-request';

function respond(status: number, body = '', statusText = '') {
  return new Response(body === '' ? null : body, { status, statusText });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('isAuthPath', () => {
  it('matches the sign-in routes only', () => {
    expect(isAuthPath('/api/auth/me')).toBe(true);
    expect(isAuthPath('/api/auth/logout')).toBe(true);
    expect(isAuthPath('/api/auth/discord?popup=1')).toBe(true);
    expect(isAuthPath('/api/authority')).toBe(false);
    expect(isAuthPath('/api/servers')).toBe(false);
  });
});

describe('apiRequest', () => {
  it('sends JSON with its content type and the session cookie', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => respond(200, '{}'));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/paywall/bypass', { code: 'X' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"code":"X"}');
  });

  it('sends no body and no content type without data', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => respond(200, '{}'));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/auth/logout');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({});
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeNull();
  });

  it('throws "status: body" for a failed answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(404, '{"error":{"code":"NOT_FOUND","message":"nope"}}')),
    );
    await expect(apiRequest('GET', '/api/servers')).rejects.toThrow(
      '404: {"error":{"code":"NOT_FOUND","message":"nope"}}',
    );
  });

  it('does not re-authenticate on /api/auth/* 401s', async () => {
    const open = vi.fn();
    vi.stubGlobal('window', { open });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(401, '', 'Unauthorized')),
    );
    await expect(apiRequest('POST', '/api/auth/logout')).rejects.toThrow('401: Unauthorized');
    expect(open).not.toHaveBeenCalled();
  });

  it('repeats the request once after a successful re-authentication', async () => {
    const listeners: ((event: { origin: string; data: unknown }) => void)[] = [];
    vi.stubGlobal('window', {
      location: { origin: 'https://rampart.test' },
      open: () => {
        queueMicrotask(() =>
          listeners.forEach((listener) => listener({ origin: 'https://rampart.test', data: 'auth:success' })),
        );
        return {};
      },
      addEventListener: (_type: string, listener: (typeof listeners)[number]) => listeners.push(listener),
      removeEventListener: () => undefined,
      setTimeout: () => 0,
      clearTimeout: () => undefined,
    });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(respond(401, '', 'Unauthorized'))
      .mockResolvedValueOnce(respond(200, '[]'));
    vi.stubGlobal('fetch', fetchMock);
    const response = await apiRequest('GET', '/api/servers');
    expect(await response.json()).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('getJson', () => {
  it('turns a 401 into null with returnNull, without a popup', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(401)),
    );
    await expect(getJson('/api/auth/me', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('still throws other failures with returnNull', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(500, '', 'Internal Server Error')),
    );
    await expect(getJson('/api/auth/me', { on401: 'returnNull' })).rejects.toBeInstanceOf(ApiError);
  });
});
