import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * The OpenAPI 3.1 document of the endpoints the server serves, generated from their declarations. Only its
 * envelope is checked here; each operation's shape follows from the declarations themselves.
 */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export const getOpenApiDocument = endpoint({
  name: 'getOpenApiDocument',
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  summary: 'This reference as an OpenAPI 3.1 document, generated from the endpoint declarations.',
  response: OpenApiDocument,
  status: 200,
  errors: [],
});

export const getApiReference = endpoint({
  name: 'getApiReference',
  method: 'GET',
  path: '/api/docs',
  access: 'public',
  summary: 'A page that shows this reference, served from this origin.',
  response: { mediaType: 'text/html', description: 'The API reference page' },
  status: 200,
  errors: [],
});

export const getApiReferenceAsset = endpoint({
  name: 'getApiReferenceAsset',
  method: 'GET',
  path: '/api/docs/assets/:file',
  access: 'public',
  summary: "One of the reference page's own files (its script, stylesheet and icon).",
  params: z.object({ file: z.string().max(100) }),
  response: { mediaType: 'application/octet-stream', description: 'A script, stylesheet or icon' },
  status: 200,
  errors: ['BAD_REQUEST', 'NOT_FOUND'],
});
