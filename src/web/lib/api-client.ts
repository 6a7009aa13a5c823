import type { z } from 'zod';
import {
  pathOf,
  type BodyInputOf,
  type Endpoint,
  type HttpMethod,
  type ParamsInputOf,
  type QueryInputOf,
  type RawResponse,
  type ResponseOf,
} from '../../shared/contracts/endpoint';
import {
  completeSignIn,
  getCurrentUser,
  getPopupScript,
  logout,
  signInWithTestAccount,
  startSignIn,
  type DeclarationOf,
  type DeclaredEndpoint,
  type EndpointName,
  type Route,
} from '../../shared/contracts/routes';
import { ApiError } from './api-errors';
import { createReauthenticator } from './reauthenticate';

/** One route per name, so a route of one endpoint is assignable to the union. */
type RoutesOf<Name extends EndpointName> = Name extends EndpointName ? Route<Name> : never;
type AnyRoute = RoutesOf<EndpointName>;
/** What a request needs at run time. */
interface Address {
  readonly method: HttpMethod;
  readonly path: string;
}
/** An endpoint whose success body is JSON described by a schema. */
export type JsonRoute = RoutesOf<Extract<DeclaredEndpoint, { readonly response: z.ZodType }>['name']>;
/** An endpoint whose success body is a file or a page, fetched as it is. */
export type RawRoute = RoutesOf<Extract<DeclaredEndpoint, { readonly response: RawResponse }>['name']>;

type Slot<Key extends string, Value> = [Value] extends [undefined]
  ? { readonly [K in Key]?: undefined }
  : { readonly [K in Key]: Value };

/** What a call sends: exactly the params, query and body its declaration names. */
export type CallInput<E extends Endpoint> = Slot<'params', ParamsInputOf<E>> &
  Slot<'query', QueryInputOf<E>> &
  Slot<'body', BodyInputOf<E>>;

/** The input may be left out when the endpoint takes nothing. */
type CallArgs<R extends AnyRoute> =
  object extends CallInput<DeclarationOf<R['name']>>
    ? [input?: CallInput<DeclarationOf<R['name']>>]
    : [input: CallInput<DeclarationOf<R['name']>>];

/** What the server answers, as its declaration's response schema shapes it when sending. */
export type AnswerOf<R extends JsonRoute> = ResponseOf<DeclarationOf<R['name']>>;

interface LooseInput {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | undefined>>;
  readonly body?: unknown;
}

const SIGN_IN_PATHS = new Set<string>(
  [startSignIn, completeSignIn, getPopupScript, getCurrentUser, logout, signInWithTestAccount].map(
    (endpoint) => endpoint.path,
  ),
);

/** Sign-in routes answer 401 as part of their job; re-authenticating on them would loop. */
export function isAuthPath(url: string): boolean {
  return SIGN_IN_PATHS.has(new URL(url, 'http://rampart.invalid').pathname);
}

/** The address of a call: the declared path with its params filled in, then the query. */
export function urlOf<R extends AnyRoute>(route: R, ...[input]: CallArgs<R>): string {
  const loose = looseInput(input);
  return looseUrlOf(route, loose);
}

function looseUrlOf(route: Address, input: LooseInput | undefined): string {
  const { params, query } = input ?? {};
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, value);
  const path = pathOf(route.path, params);
  return search.size === 0 ? path : `${path}?${search.toString()}`;
}

/** Every call's input is a CallInput, whose slots are plain strings and JSON; generics hide that from the checker. */
function looseInput(input: unknown): LooseInput | undefined {
  return input as LooseInput | undefined;
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

function requestInit(route: Address, body: unknown): RequestInit {
  return {
    method: route.method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  };
}

async function send(route: Address, input: LooseInput | undefined): Promise<Response> {
  return sendRequest(looseUrlOf(route, input), requestInit(route, input?.body));
}

/**
 * Sends the request with the session cookie. A 401 outside the sign-in routes asks the user to sign in
 * again in a popup and repeats the request once; if that fails the original 401 is thrown.
 */
async function sendRequest(url: string, init: RequestInit): Promise<Response> {
  let response = await fetch(url, init);
  if (response.status === 401 && !isAuthPath(url) && (await reauthenticateOnce())) {
    response = await fetch(url, init);
  }
  await throwIfNotOk(response);
  return response;
}

/**
 * Calls a JSON endpoint. The answer is not checked again here: the server sends it through the declared
 * response schema, and the types say what it holds (docs/decisions/0021).
 */
export async function callEndpoint<R extends JsonRoute>(route: R, ...[input]: CallArgs<R>): Promise<AnswerOf<R>> {
  const loose = looseInput(input);
  const response = await send(route, loose);
  return (await response.json()) as AnswerOf<R>;
}

/**
 * Like callEndpoint, but a 401 means "nobody is signed in": it yields null and opens no popup
 * (the current user is asked for on every page, visitors included).
 */
export async function callEndpointOrNullIfSignedOut<R extends JsonRoute>(
  route: R,
  ...[input]: CallArgs<R>
): Promise<AnswerOf<R> | null> {
  const loose = looseInput(input);
  const response = await fetch(looseUrlOf(route, loose), requestInit(route, loose?.body));
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as AnswerOf<R>;
}

/**
 * Calls a JSON endpoint whose request is multipart form data (file uploads); the browser writes the
 * content type with its boundary. Sign-in and errors work as in callEndpoint.
 */
export async function callEndpointWithForm<R extends JsonRoute>(route: R, form: FormData): Promise<AnswerOf<R>> {
  const response = await sendRequest(route.path, { method: route.method, credentials: 'include', body: form });
  return (await response.json()) as AnswerOf<R>;
}

/** Calls an endpoint whose answer is not JSON (a PDF) and hands back the response to read. */
export function fetchRawEndpoint<R extends RawRoute>(route: R, ...[input]: CallArgs<R>): Promise<Response> {
  const loose = looseInput(input);
  return send(route, loose);
}
