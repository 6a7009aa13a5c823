import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this size compression saves less than a packet and costs a compressor's set-up. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Compresses API answers of at least 1 kB with brotli or gzip, as the request's Accept-Encoding allows.
 * Must be registered before the routes it covers. The web app's files are compressed once at build time
 * and sent as they are (see web-app.ts), so routes outside /api are left alone; request bodies are
 * never decompressed, so the body limit still bounds what a request can make the server hold.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: MIN_COMPRESSED_BYTES,
  });
}

function isApiRoute(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}
