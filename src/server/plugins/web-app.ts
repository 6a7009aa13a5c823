import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './error-handler.js';

/** The page must be revalidated on every visit: after a deploy it names scripts the old one did not. */
const PAGE_CACHE = 'no-cache';
/** Vite puts a content hash in every file name under assets/: a new build never reuses a name. */
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Answers of the API are per user and change with every action. */
const API_CACHE = 'no-store';
/** Fastify's default router limit for one path parameter. */
const DEFAULT_MAX_PARAM_LENGTH = 100;

/**
 * Serves the built React app and answers unknown paths: JSON 404 under /api, the SPA page elsewhere
 * (the client router shows its own not-found card). Sets the caching policy of everything it serves, and
 * sends the build's pre-compressed copy of a file when the browser accepts it.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const root = path.resolve(distDir);
  const assetsDir = path.join(root, 'assets') + path.sep;
  const hasBuild = existsSync(path.join(root, 'index.html'));
  // On send, so every answer under /api carries it, however it ended; a callback hook, as it runs on every request.
  // A stricter policy a route set itself (a file's `private, no-store`) already forbids storing, and stays; so
  // does the public policy of a route whose answer is the same for everyone (the runbooks), but only on success.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !keepsOwnPolicy(reply)) reply.header('cache-control', API_CACHE);
    done(null, payload);
  });
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // wildcard: files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text file; the one the browser accepts is sent as it is,
      // with Vary: Accept-Encoding, so nothing is compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? HASHED_ASSET_CACHE : PAGE_CACHE);
      },
    });
    // The root is a directory to the static plugin (403 without an index); it is the app's landing page.
    app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').sendFile('index.html'));
  }
  const maxSegmentLength = app.initialConfig.maxParamLength ?? DEFAULT_MAX_PARAM_LENGTH;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (a path ending in an extension) is a 404, never the app page served as a script.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile && !isApiPath(pathname);
    if (wantsPage && hasBuild) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).');
    }
    // The app's catch-all route claims what the router would refuse as too long, so refuse it here.
    if (pathname.split('/').some((segment) => segment.length > maxSegmentLength)) {
      return reply
        .status(414)
        .send(errorBody('URI_TOO_LONG', `A part of the path is longer than ${maxSegmentLength} characters.`));
    }
    return reply.status(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${pathname}`));
  });
}

function keepsOwnPolicy(reply: FastifyReply): boolean {
  const policy = String(reply.getHeader('cache-control') ?? '');
  if (policy.includes(API_CACHE)) return true;
  return policy.startsWith('public') && (reply.statusCode === 200 || reply.statusCode === 304);
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
