import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import { type Endpoint, isRawResponse } from '../../shared/contracts/endpoint.js';
import { ApiErrorBody, type ErrorCode, statusOfErrorCode } from '../../shared/contracts/errors.js';
import { JsonSchemaCollector } from './json-schemas.js';
import type {
  JsonSchema,
  OpenApiDocument,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiPathItem,
  OpenApiResponse,
} from './openapi-types.js';

/** The name of the cookie security scheme that user and staff operations require. */
export const SESSION_SCHEME = 'rampart_session';
const ERROR_BODY_COMPONENT = 'ApiErrorBody';
/** Operations outside /api (liveness and readiness probes) share one tag. */
const OPERATIONS_TAG = 'operations';

export interface OpenApiDocumentOptions {
  title: string;
  version: string;
  description?: string;
  /** The session cookie's real name (with its `__Host-` prefix over https). */
  sessionCookie: string;
}

/** An OpenAPI 3.1 document of the given endpoint declarations; pure, so the same list always gives the same document. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[], options: OpenApiDocumentOptions): OpenApiDocument {
  const schemas = new JsonSchemaCollector();
  const errorBody = schemas.component(ERROR_BODY_COMPONENT, ApiErrorBody, 'output');
  const paths: Record<string, OpenApiPathItem> = {};
  const tags = new Set<string>();
  for (const declared of endpoints) {
    const operation = operationOf(declared, schemas, errorBody);
    for (const tag of operation.tags) tags.add(tag);
    const path = openApiPath(declared.path);
    paths[path] = { ...paths[path], [methodKey(declared.method)]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: options.title,
      version: options.version,
      ...(options.description === undefined ? {} : { description: options.description }),
    },
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: options.sessionCookie,
          description: 'The session cookie set when signing in with Discord.',
        },
      },
    },
  };
}

/** Fastify's `/api/audits/:id` is OpenAPI's `/api/audits/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The tag of a path: its first segment after /api. */
export function tagOf(path: string): string {
  const match = /^\/api\/([^/]+)/.exec(path);
  return match?.[1] ?? OPERATIONS_TAG;
}

function methodKey(method: Endpoint['method']): keyof OpenApiPathItem {
  return method.toLowerCase() as Lowercase<Endpoint['method']>;
}

function operationOf(declared: Endpoint, schemas: JsonSchemaCollector, errorBody: JsonSchema): OpenApiOperation {
  const parameters = [
    ...parametersOf(declared.params, 'path', schemas, `${declared.name}Params`),
    ...parametersOf(declared.query, 'query', schemas, `${declared.name}Query`),
  ];
  return {
    operationId: declared.name,
    summary: declared.summary,
    tags: [tagOf(declared.path)],
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(declared.body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: schemas.convert(declared.body, 'input', `${declared.name}Body`) },
            },
          },
        }),
    responses: {
      [String(declared.status)]: successResponse(declared, schemas),
      ...errorResponses(declared.errors, errorBody),
    },
    ...(declared.access === 'public' ? {} : { security: [{ [SESSION_SCHEME]: [] }] }),
    'x-access': declared.access,
  };
}

function parametersOf(
  schema: z.ZodObject | undefined,
  location: OpenApiParameter['in'],
  schemas: JsonSchemaCollector,
  rootName: string,
): OpenApiParameter[] {
  if (schema === undefined) return [];
  const converted = schemas.convert(schema, 'input', rootName);
  const required = new Set(converted.required ?? []);
  return Object.entries(converted.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = typeof property === 'boolean' ? { description: undefined } : property;
    return {
      name,
      in: location,
      // OpenAPI requires every path parameter; a query parameter is required only when its schema says so.
      required: location === 'path' || required.has(name),
      schema: propertySchema,
      ...(description === undefined ? {} : { description }),
    };
  });
}

function successResponse(declared: Endpoint, schemas: JsonSchemaCollector): OpenApiResponse {
  const { response } = declared;
  if (!isRawResponse(response)) {
    return {
      description: STATUS_CODES[declared.status] ?? 'Success',
      content: { 'application/json': { schema: schemas.convert(response, 'output', `${declared.name}Response`) } },
    };
  }
  if (declared.status === 302) {
    return {
      description: response.description,
      headers: { Location: { description: 'Where the browser goes next', schema: { type: 'string' } } },
    };
  }
  const binary = !response.mediaType.startsWith('text/');
  return {
    description: response.description,
    content: {
      [response.mediaType]: { schema: binary ? { type: 'string', format: 'binary' } : { type: 'string' } },
    },
  };
}

/** One response per distinct status, naming the codes that can come with it. */
function errorResponses(codes: readonly ErrorCode[], errorBody: JsonSchema): Record<string, OpenApiResponse> {
  const codesByStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = statusOfErrorCode(code);
    const sameStatus = codesByStatus.get(status) ?? [];
    if (!sameStatus.includes(code)) sameStatus.push(code);
    codesByStatus.set(status, sameStatus);
  }
  const ordered = [...codesByStatus.entries()].sort(([left], [right]) => left - right);
  return Object.fromEntries(
    ordered.map(([status, sameStatus]) => [
      String(status),
      {
        description: `${STATUS_CODES[status] ?? 'Error'}: ${sameStatus.join(', ')}`,
        content: { 'application/json': { schema: errorBody } },
        'x-error-codes': sameStatus,
      },
    ]),
  );
}
