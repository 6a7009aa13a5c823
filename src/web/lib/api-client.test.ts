import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bypassPaywall,
  getAudit,
  getCurrentUser,
  listServers,
  logout,
  startSignIn,
} from '../../shared/contracts/routes';
import { ApiError } from './api-errors';
import { callEndpoint, callEndpointOrNullIfSignedOut, isAuthPath, urlOf } from './api-client';

const currentUser = {
  id: 'u1',
  discordId: '1',
  username: 'ada',
  discriminator: '0',
  globalName: null,
  avatar: null,
  isAdmin: false,
};

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
    // A wrong password on the staff sign-in form is a 401 to show, not a session to renew in a popup.
    expect(isAuthPath('/api/auth/test-account')).toBe(true);
    expect(isAuthPath('/api/authority')).toBe(false);
    expect(isAuthPath('/api/servers')).toBe(false);
  });
});

describe('urlOf', () => {
  it('fills in the path params, encoded, and appends the query', () => {
    expect(urlOf(getAudit, { params: { id: 'a/b' } })).toBe('/api/audits/a%2Fb');
    expect(urlOf(startSignIn, { query: { popup: '1' } })).toBe('/api/auth/discord?popup=1');
    expect(urlOf(listServers)).toBe('/api/servers');
  });
});

describe('callEndpoint', () => {
  it('sends JSON with its content type and the session cookie', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => respond(200, '{"ok":true}'));
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint(bypassPaywall, { body: { code: 'X', username: 'admin', serverId: 's1' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/paywall/bypass');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"code":"X","username":"admin","serverId":"s1"}');
  });

  it('sends no body and no content type without data', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => respond(200, '{"ok":true}'));
    vi.stubGlobal('fetch', fetchMock);
    await callEndpoint(logout);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({});
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBeNull();
  });

  it('throws "status: body" for a failed answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(404, '{"error":{"code":"NOT_FOUND","message":"nope"}}')),
    );
    await expect(callEndpoint(listServers)).rejects.toThrow('404: {"error":{"code":"NOT_FOUND","message":"nope"}}');
  });

  it('does not re-authenticate on /api/auth/* 401s', async () => {
    const open = vi.fn();
    vi.stubGlobal('window', { open });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(401, '', 'Unauthorized')),
    );
    await expect(callEndpoint(logout)).rejects.toThrow('401: Unauthorized');
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
    expect(await callEndpoint(listServers)).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('callEndpointOrNullIfSignedOut', () => {
  it('turns a 401 into null with returnNull, without a popup', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(401)),
    );
    await expect(callEndpointOrNullIfSignedOut(getCurrentUser)).resolves.toBeNull();
  });

  it('still throws other failures with returnNull', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(500, '', 'Internal Server Error')),
    );
    await expect(callEndpointOrNullIfSignedOut(getCurrentUser)).rejects.toBeInstanceOf(ApiError);
  });

  it('hands back a signed-in answer as the server sent it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(200, JSON.stringify(currentUser))),
    );
    await expect(callEndpointOrNullIfSignedOut(getCurrentUser)).resolves.toEqual(currentUser);
  });
});
