import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Endpoint } from '../../../shared/contracts/endpoint.js';
import { ENDPOINTS } from '../../../shared/contracts/endpoints.js';
import { getApiReference, getOpenApiDocument } from '../../../shared/contracts/api-docs.js';
import { notFound } from '../../errors.js';
import { buildOpenApiDocument } from '../../openapi/openapi-document.js';
import type { OpenApiDocument } from '../../openapi/openapi-types.js';
import { ASSETS_PATH, REFERENCE_ASSETS, REFERENCE_PAGE } from './reference-page.js';

const PackageVersion = z.object({ version: z.string() });
const { version } = PackageVersion.parse(createRequire(import.meta.url)('../../../../package.json'));

/**
 * GET /api/openapi.json describes the endpoints this app really serves (a declared endpoint whose route
 * is not registered yet stays out), and GET /api/docs shows it in Swagger UI, served from this origin.
 */
export async function apiDocsRoutes(app: FastifyInstance, options: { sessionCookie: string }): Promise<void> {
  let document: OpenApiDocument | undefined;
  // Once every module has registered its routes; the docs endpoints are served by this module either way.
  app.addHook('onReady', async () => {
    const served = ENDPOINTS.filter((declared: Endpoint) =>
      app.hasRoute({ method: declared.method, url: declared.path }),
    );
    document = buildOpenApiDocument(served, {
      title: 'Rampart API',
      version,
      description: 'Generated from the endpoint declarations in src/shared/contracts.',
      sessionCookie: options.sessionCookie,
    });
  });

  app.get(getOpenApiDocument.path, async () => {
    if (document === undefined) throw new Error('The OpenAPI document is built when the app is ready');
    return document;
  });

  app.get(getApiReference.path, async (_request, reply) => reply.type('text/html; charset=utf-8').send(REFERENCE_PAGE));

  app.get<{ Params: { file: string } }>(`${ASSETS_PATH}/:file`, async (request, reply) => {
    const asset = REFERENCE_ASSETS.get(request.params.file);
    if (asset === undefined) throw notFound('Reference file');
    reply.type(asset.contentType);
    return 'text' in asset.source ? asset.source.text : reply.send(createReadStream(asset.source.file));
  });
}
