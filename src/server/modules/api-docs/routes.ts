import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { getApiReference, getApiReferenceAsset, getOpenApiDocument } from '../../../shared/contracts/api-docs.js';
import type { Endpoint } from '../../../shared/contracts/endpoint.js';
import { ENDPOINTS } from '../../../shared/contracts/endpoints.js';
import { notFound } from '../../errors.js';
import { buildOpenApiDocument } from '../../openapi/openapi-document.js';
import type { OpenApiDocument } from '../../openapi/openapi-types.js';
import { PROJECT_ROOT } from '../../project-root.js';
import { cookieNames } from '../auth/cookies.js';
import type { ServerModule } from '../server-module.js';
import { REFERENCE_ASSETS, REFERENCE_PAGE } from './reference-page.js';

const PackageVersion = z.object({ version: z.string() });
const { version } = PackageVersion.parse(JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')));

/**
 * GET /api/openapi.json describes the endpoints this app really serves (a declared endpoint whose route
 * is not registered yet stays out), and GET /api/docs shows it in Swagger UI, served from this origin.
 */
export const apiDocsModule: ServerModule = {
  register(routes, { config }) {
    let document: OpenApiDocument | undefined;
    routes.endpoint(getOpenApiDocument, async ({ request }) => {
      // Built at the first request, when every module's routes are registered.
      document ??= buildOpenApiDocument(
        ENDPOINTS.filter((declared: Endpoint) =>
          request.server.hasRoute({ method: declared.method, url: declared.path }),
        ),
        {
          title: 'Rampart API',
          version,
          description: 'Generated from the endpoint declarations in src/shared/contracts.',
          sessionCookie: cookieNames(config).session,
        },
      );
      // Spread so the type checker sees an object literal, which the declared open schema accepts.
      return { ...document };
    });

    routes.endpoint(getApiReference, async ({ reply }) => reply.type('text/html; charset=utf-8').send(REFERENCE_PAGE));

    routes.endpoint(getApiReferenceAsset, async ({ params, reply }) => {
      const asset = REFERENCE_ASSETS.get(params.file);
      if (asset === undefined) throw notFound('Reference file');
      reply.type(asset.contentType);
      return reply.send('text' in asset.source ? asset.source.text : createReadStream(asset.source.file));
    });
  },
};
