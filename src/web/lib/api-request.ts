import type { z } from 'zod';
import { ApiError } from './api-errors';
import { createReauthenticator } from './reauthenticate';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a 401 means to the caller: "nobody is signed in" (null) or a failure. */
export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Sign-in routes answer 401 as part of their job; re-authenticating on them would loop. */
export function isAuthPath(url: string): boolean {
  const path = new URL(url, 'http://rampart.invalid').pathname;
  return path === '/api/auth' || path.startsWith('/api/auth/');
}

let reauthenticate: (() => Promise<boolean>) | undefined;

function reauthenticateOnce(): Promise<boolean> {
  reauthenticate ??= createReauthenticator(window);
  return reauthenticate();
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new ApiError(response.status, bodyText, response.statusText);
}

/**
 * Sends a request with the session cookie. A 401 outside /api/auth/* asks the user to sign in
 * again in a popup and repeats the request once; if that fails the original 401 is thrown.
 */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: data === undefined ? {} : { 'Content-Type': 'application/json' },
    body: data === undefined ? null : JSON.stringify(data),
  };
  let response = await fetch(url, init);
  if (response.status === 401 && !isAuthPath(url) && (await reauthenticateOnce())) {
    response = await fetch(url, init);
  }
  await throwIfNotOk(response);
  return response;
}

/** A request whose JSON answer is checked against the endpoint's contract. */
export async function requestJson<T>(
  schema: z.ZodType<T>,
  method: HttpMethod,
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await apiRequest(method, url, data);
  return schema.parse(await response.json());
}

/**
 * GET of JSON. With `returnNull` a 401 means "nobody is signed in": it yields null and opens no popup.
 */
export async function getJson(url: string, options: { on401: UnauthorizedBehavior }): Promise<unknown> {
  if (options.on401 === 'throw') return (await apiRequest('GET', url)).json();
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return response.json();
}
