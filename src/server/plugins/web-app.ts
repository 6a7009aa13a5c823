import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.js';

/**
 * Serves the built React app and answers unknown paths: JSON 404 under /api, the SPA page elsewhere
 * (the client router shows its own not-found card).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    // wildcard: files are looked up per request, so a rebuild is served without a restart.
    await app.register(fastifyStatic, { root, wildcard: true, index: false, maxAge: '1h' });
    // The root is a directory to the static plugin (403 without an index); it is the app's landing page.
    app.get('/', async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html'));
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (a path ending in an extension) is a 404, never the app page served as a script.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile && !pathname.startsWith('/api/') && pathname !== '/api';
    if (wantsPage && hasBuild) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).');
    }
    return reply.status(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${pathname}`));
  });
}
