import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, type Endpoint } from '../../shared/contracts/endpoint.js';
import { ENDPOINTS } from '../../shared/contracts/endpoints.js';
import { buildOpenApiDocument, openApiPath, SESSION_SCHEME, tagOf } from './openapi-document.js';
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './openapi-types.js';

const OPTIONS = { title: 'Rampart API', version: '0.1.0', sessionCookie: '__Host-rampart_session' };

function documentOf(...endpoints: Endpoint[]): OpenApiDocument {
  return buildOpenApiDocument(endpoints, OPTIONS);
}

function operation(document: OpenApiDocument, declared: Endpoint): OpenApiOperation {
  const method = declared.method.toLowerCase() as Lowercase<Endpoint['method']>;
  const found = document.paths[openApiPath(declared.path)]?.[method];
  if (found === undefined) throw new Error(`${declared.name} is not in the document`);
  return found;
}

/** Every `$ref` in a value, wherever it is nested. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [item] : refsIn(item),
  );
}

const Tree: z.ZodType<{ name: string; children: unknown[] }> = z.object({
  name: z.string(),
  get children() {
    return z.array(Tree);
  },
});

const List: z.ZodType<{ value: number; next: unknown }> = z.object({
  value: z.number(),
  get next() {
    return List.nullable();
  },
});

const odd = endpoint({
  name: 'odd',
  method: 'POST',
  path: '/api/odd/:id/things',
  access: 'user',
  summary: 'Schemas JSON Schema cannot say everything about.',
  params: z.object({ id: z.string().describe('The thing') }),
  query: z.object({ page: z.string().optional(), sort: z.enum(['asc', 'desc']) }),
  body: z.object({ code: z.string().transform((code) => code.toUpperCase()), at: z.date().optional() }),
  response: z.object({ tree: Tree, named: z.object({ value: z.number() }).meta({ id: 'Named' }), when: z.date() }),
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'NOT_FOUND', 'CONFLICT', 'COUPON_EXHAUSTED', 'USER_ALREADY_REDEEMED'],
});

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument(ENDPOINTS, OPTIONS);

  it('writes an OpenAPI 3.1 document with one operation per declaration, named after it', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual({ title: 'Rampart API', version: '0.1.0' });
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(operationIds.sort()).toEqual(ENDPOINTS.map((declared) => declared.name).sort());
    for (const declared of ENDPOINTS) {
      const op = operation(document, declared);
      expect(op.summary).toBe(declared.summary);
      expect(op['x-access'], declared.name).toBe(declared.access);
      expect(op.tags).toEqual([tagOf(declared.path)]);
    }
  });

  it('requires the session cookie on user and staff operations only', () => {
    expect(document.components.securitySchemes[SESSION_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-rampart_session',
    });
    for (const declared of ENDPOINTS) {
      const expected = declared.access === 'public' ? undefined : [{ [SESSION_SCHEME]: [] }];
      expect(operation(document, declared).security, declared.name).toEqual(expected);
    }
  });

  it('writes paths in {param} form and tags them by their first segment after /api', () => {
    expect(openApiPath('/api/audits/:id/download-report')).toBe('/api/audits/{id}/download-report');
    expect(Object.keys(document.paths)).toContain('/api/checks/{checkId}');
    expect(Object.keys(document.paths).some((path) => path.includes(':'))).toBe(false);
    expect(tagOf('/api/admin/all-servers')).toBe('admin');
    expect(tagOf('/api/auth/me')).toBe('auth');
    expect(tagOf('/healthz')).toBe('operations');
    expect(document.tags.map((tag) => tag.name)).toContain('audits');
  });

  it('gives one error response per distinct status, each naming its codes and sharing the error body', () => {
    const responses = operation(documentOf(odd), odd).responses;
    expect(Object.keys(responses)).toEqual(['201', '400', '401', '404', '409']);
    expect(responses['409']).toMatchObject({
      description: 'Conflict: CONFLICT, COUPON_EXHAUSTED, USER_ALREADY_REDEEMED',
      'x-error-codes': ['CONFLICT', 'COUPON_EXHAUSTED', 'USER_ALREADY_REDEEMED'],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
    });
    expect(responses['401']?.['x-error-codes']).toEqual(['UNAUTHORIZED']);
    expect(document.components.schemas.ApiErrorBody).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { properties: { code: { enum: expect.arrayContaining(['NOT_FOUND']) } } } },
    });
  });

  it('describes path and query parameters, a path parameter always required', () => {
    expect(operation(documentOf(odd), odd).parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The thing' },
      { name: 'page', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'sort', in: 'query', required: true, schema: { type: 'string', enum: ['asc', 'desc'] } },
    ]);
  });

  it('describes a request as the caller sends it and a response as the server sends it', () => {
    const redeem = operation(document, ENDPOINTS.find((declared) => declared.name === 'redeemCoupon') ?? odd);
    const couponCode: JsonSchema = { type: 'string' };
    expect(redeem.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: expect.objectContaining({
            properties: { couponCode, serverId: { type: 'string', minLength: 1 } },
          }) as JsonSchema,
        },
      },
    });
    expect(operation(document, ENDPOINTS[0]).responses['200']).toEqual({
      description: 'OK',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { status: { type: 'string', const: 'ok' } },
            required: ['status'],
            additionalProperties: false,
          },
        },
      },
    });
  });

  it('describes raw answers by their media type and redirects by their Location', () => {
    const pdf = ENDPOINTS.find((declared) => declared.name === 'downloadAuditReport') ?? odd;
    expect(operation(document, pdf).responses['200']).toEqual({
      description: 'The audit report',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    });
    const signIn = ENDPOINTS.find((declared) => declared.name === 'startSignIn') ?? odd;
    expect(operation(document, signIn).responses['302']).toMatchObject({
      headers: { Location: { schema: { type: 'string' } } },
    });
    expect(operation(document, signIn).responses['302']?.content).toBeUndefined();
  });

  it('survives what JSON Schema cannot say and keeps every reference inside the document', () => {
    const generated = documentOf(odd);
    const op = operation(generated, odd);
    expect(op.requestBody?.content['application/json']?.schema).toMatchObject({
      properties: { code: { type: 'string' }, at: {} },
    });
    expect(generated.components.schemas).toHaveProperty('Named');
    for (const ref of refsIn(generated)) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(generated.components.schemas).toHaveProperty(ref.slice('#/components/schemas/'.length));
    }
    expect(refsIn(op.responses['201'])).toEqual(
      expect.arrayContaining(['#/components/schemas/Named', expect.stringMatching(/schemas\/__schema/)]),
    );
  });

  it('shares a schema two endpoints use, and renames a different one that zod named alike', () => {
    const again = endpoint({ ...odd, name: 'again', path: '/api/again/:id' });
    const other = endpoint({
      name: 'other',
      method: 'GET',
      path: '/api/other',
      access: 'public',
      summary: 'A different schema under a name zod gives every recursive one.',
      response: z.object({ tree: List }),
      status: 200,
      errors: [],
    });
    const schemas = Object.keys(documentOf(odd, again, other).components.schemas);
    expect(schemas.filter((name) => name.startsWith('Named'))).toHaveLength(1);
    expect(schemas.filter((name) => name.startsWith('__schema'))).toHaveLength(2);
  });

  it('gives the same document for the same declarations', () => {
    expect(JSON.stringify(buildOpenApiDocument(ENDPOINTS, OPTIONS))).toBe(JSON.stringify(document));
  });
});
