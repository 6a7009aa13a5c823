import type { z } from 'zod';
import {
  pathOf,
  type BodyInputOf,
  type Endpoint,
  type ParamsInputOf,
  type QueryInputOf,
  type RawResponse,
  type ResponseOf,
} from '../../shared/contracts/endpoint';
import { completeSignIn, getCurrentUser, getPopupScript, logout, startSignIn } from '../../shared/contracts/auth';
import { ApiError } from './api-errors';
import { createReauthenticator } from './reauthenticate';

/** An endpoint whose success body is JSON described by a schema. */
export type JsonEndpoint = Endpoint & { readonly response: z.ZodType };
/** An endpoint whose success body is a file or a page, fetched as it is. */
export type RawEndpoint = Endpoint & { readonly response: RawResponse };

type Slot<Key extends string, Value> = [Value] extends [undefined]
  ? { readonly [K in Key]?: undefined }
  : { readonly [K in Key]: Value };

/** What a call sends: exactly the params, query and body its declaration names. */
export type CallInput<E extends Endpoint> = Slot<'params', ParamsInputOf<E>> &
  Slot<'query', QueryInputOf<E>> &
  Slot<'body', BodyInputOf<E>>;

/** The input may be left out when the endpoint takes nothing. */
type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

interface LooseInput {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | undefined>>;
  readonly body?: unknown;
}

const SIGN_IN_PATHS = new Set<string>(
  [startSignIn, completeSignIn, getPopupScript, getCurrentUser, logout].map((endpoint) => endpoint.path),
);

/** Sign-in routes answer 401 as part of their job; re-authenticating on them would loop. */
export function isAuthPath(url: string): boolean {
  return SIGN_IN_PATHS.has(new URL(url, 'http://rampart.invalid').pathname);
}

/** The address of a call: the declared path with its params filled in, then the query. */
export function urlOf<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): string {
  return looseUrlOf(endpoint, input);
}

function looseUrlOf(endpoint: Endpoint, input: LooseInput | undefined): string {
  const { params, query } = input ?? {};
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, value);
  const path = pathOf(endpoint.path, params);
  return search.size === 0 ? path : `${path}?${search.toString()}`;
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

function requestInit(endpoint: Endpoint, body: unknown): RequestInit {
  return {
    method: endpoint.method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  };
}

/**
 * Sends the request with the session cookie. A 401 outside the sign-in routes asks the user to sign in
 * again in a popup and repeats the request once; if that fails the original 401 is thrown.
 */
async function send(endpoint: Endpoint, input: LooseInput | undefined): Promise<Response> {
  const url = looseUrlOf(endpoint, input);
  const init = requestInit(endpoint, input?.body);
  let response = await fetch(url, init);
  if (response.status === 401 && !isAuthPath(url) && (await reauthenticateOnce())) {
    response = await fetch(url, init);
  }
  await throwIfNotOk(response);
  return response;
}

/** Calls a JSON endpoint and checks the answer against its declared response schema. */
export async function callEndpoint<E extends JsonEndpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<ResponseOf<E>> {
  const response = await send(endpoint, input);
  return endpoint.response.parse(await response.json()) as ResponseOf<E>;
}

/**
 * Like callEndpoint, but a 401 means "nobody is signed in": it yields null and opens no popup
 * (the current user is asked for on every page, visitors included).
 */
export async function callEndpointOrNullIfSignedOut<E extends JsonEndpoint>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<ResponseOf<E> | null> {
  const loose: LooseInput | undefined = input;
  const response = await fetch(looseUrlOf(endpoint, loose), requestInit(endpoint, loose?.body));
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return endpoint.response.parse(await response.json()) as ResponseOf<E>;
}

/** Calls an endpoint whose answer is not JSON (a PDF) and hands back the response to read. */
export function fetchRawEndpoint<E extends RawEndpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Response> {
  return send(endpoint, input);
}
