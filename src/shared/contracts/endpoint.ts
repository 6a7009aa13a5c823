import type { z } from 'zod';
import type { ErrorCode } from './errors.js';

/** Who may call an endpoint: anyone, a signed-in user (on their own objects, or staff on any), staff only. */
export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A success body that is not JSON (a PDF, a script) or a redirect, described for the reference. */
export interface RawResponse {
  readonly mediaType: string;
  readonly description: string;
}

/**
 * One HTTP endpoint, declared once: the server registers it (applying `access` before its handler), the
 * web calls it, and the OpenAPI document and the access-matrix test are generated from it. `path` uses
 * Fastify's `:param` segments; `errors` are the codes a caller can get besides the success status
 * (validation and access codes included).
 */
export interface Endpoint {
  readonly name: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly response: z.ZodType | RawResponse;
  readonly status: 200 | 201 | 302 | 503;
  readonly errors: readonly ErrorCode[];
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The params schema must name exactly the path's `:params`, so a path and its schema cannot drift apart. */
type ParamsMatchPath<E extends Endpoint> = [ParamNames<E['path']>] extends [never]
  ? E extends { params: z.ZodObject }
    ? never
    : E
  : E extends { params: z.ZodObject<infer Shape> }
    ? [keyof Shape] extends [ParamNames<E['path']>]
      ? [ParamNames<E['path']>] extends [keyof Shape]
        ? E
        : never
      : never
    : never;

export function endpoint<const E extends Endpoint>(declaration: E & ParamsMatchPath<E>): E {
  return declaration;
}

export type ParamsOf<E extends Endpoint> = E extends { params: z.ZodObject } ? z.output<E['params']> : undefined;
export type QueryOf<E extends Endpoint> = E extends { query: z.ZodObject } ? z.output<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E extends { body: z.ZodType } ? z.output<E['body']> : undefined;
/** What a caller sends: the schemas' input types (before defaults and transforms). */
export type ParamsInputOf<E extends Endpoint> = E extends { params: z.ZodObject } ? z.input<E['params']> : undefined;
export type QueryInputOf<E extends Endpoint> = E extends { query: z.ZodObject } ? z.input<E['query']> : undefined;
export type BodyInputOf<E extends Endpoint> = E extends { body: z.ZodType } ? z.input<E['body']> : undefined;
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : never;

export function isRawResponse(response: Endpoint['response']): response is RawResponse {
  return 'mediaType' in response;
}

/** The concrete path of an endpoint, each `:param` replaced by its encoded value. */
export function pathOf(path: string, params: Readonly<Record<string, string>> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
