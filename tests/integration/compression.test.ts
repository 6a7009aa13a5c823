import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../scripts/precompress-assets.js';
import type { Audit } from '../../src/shared/contracts/audits.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, type TestApp } from '../helpers/test-app.js';

const HASHED_SCRIPT = '/assets/index-5d2e8f1a.js';
/** Built after the build compressed its files: served as it is, never compressed per request. */
const UNCOMPRESSED_SCRIPT = '/assets/late-9c4b7e0d.js';
const PAGE_CACHE = 'no-cache';
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';

const ENCODINGS = ['br', 'gzip', 'identity'] as const;
type Encoding = (typeof ENCODINGS)[number];
const decode: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) => brotliDecompressSync(bytes),
  gzip: (bytes) => gunzipSync(bytes),
  identity: (bytes) => bytes,
};

let t: TestApp;
let webDist = '';
let cookie = '';
let auditId = '';
beforeAll(async () => {
  webDist = mkdtempSync(path.join(os.tmpdir(), 'rampart-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    `<!doctype html><title>Rampart</title><script type="module" src="${HASHED_SCRIPT}"></script>`,
  );
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(webDist, HASHED_SCRIPT), 'console.log("a line of the app");\n'.repeat(200));
  await precompressAssets(webDist);
  writeFileSync(path.join(webDist, UNCOMPRESSED_SCRIPT), 'console.log("late");\n'.repeat(200));

  t = await createTestApp({ WEB_DIST_DIR: webDist });
  cookie = await t.signIn(DEMO.olivia);
  await grantEntitlement(t, DEMO.olivia);
  const started = await startAudit(t, cookie, await serverId(t, cookie, GUILDS.typical));
  auditId = (await waitForAudit(t, cookie, started.json<Audit>().id)).id;
});
afterAll(async () => t?.close());

const get = (url: string, encoding: Encoding, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: encoding === 'identity' ? headers : { ...headers, 'accept-encoding': encoding },
  });

/** The body as the client reads it after undoing the content coding the response names. */
function decodedBody(response: LightMyRequestResponse): Buffer {
  const coding = response.headers['content-encoding'] ?? 'identity';
  if (coding !== 'br' && coding !== 'gzip' && coding !== 'identity') throw new Error(`unexpected coding ${coding}`);
  return decode[coding](response.rawPayload);
}

describe('compressed API answers', () => {
  it('sends a large answer in the coding asked for, identical to the plain one once decoded', async () => {
    const plain = await get(`/api/audits/${auditId}`, 'identity', { cookie });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get(`/api/audits/${auditId}`, encoding, { cookie });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-encoding'], encoding).toBe(encoding);
      expect(response.headers['content-type'], encoding).toContain('application/json');
      expect(response.headers['cache-control'], encoding).toBe('no-store');
      expect(response.headers.vary, encoding).toContain('accept-encoding');
      expect(response.rawPayload.length, encoding).toBeLessThan(plain.rawPayload.length);
      expect(decodedBody(response).equals(plain.rawPayload), encoding).toBe(true);
    }
  });

  it('prefers brotli when the client accepts both, and falls back to plain for codings it does not offer', async () => {
    const both = await get(`/api/audits/${auditId}`, 'identity', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(both.headers['content-encoding']).toBe('br');
    const deflateOnly = await get(`/api/audits/${auditId}`, 'identity', { cookie, 'accept-encoding': 'deflate' });
    expect(deflateOnly.statusCode).toBe(200);
    expect(deflateOnly.headers['content-encoding']).toBeUndefined();
    expect(deflateOnly.json<Audit>().id).toBe(auditId);
  });

  it('leaves a small answer uncompressed', async () => {
    const response = await get('/api/auth/me', 'br', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps errors in the envelope', async () => {
    const response = await get('/api/audits/00000000-0000-4000-8000-000000000000', 'br', { cookie });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('sends the PDF report as it is', async () => {
    const response = await get(`/api/audits/${auditId}/download-report`, 'br', { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('does not inflate compressed request bodies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: { cookie, origin: t.config.publicUrl, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ serverId: await serverId(t, cookie, GUILDS.typical) })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });
});

describe('pre-compressed web app', () => {
  const files = [
    { url: '/', file: 'index.html', type: 'text/html', cache: PAGE_CACHE },
    { url: '/dashboard', file: 'index.html', type: 'text/html', cache: PAGE_CACHE },
    { url: '/favicon.svg', file: 'favicon.svg', type: 'image/svg+xml', cache: PAGE_CACHE },
    { url: HASHED_SCRIPT, file: HASHED_SCRIPT, type: 'javascript', cache: HASHED_ASSET_CACHE },
  ];

  it('sends the build’s copy in the coding asked for, identical to the file once decoded', async () => {
    for (const { url, file, type, cache } of files) {
      const original = readFileSync(path.join(webDist, file));
      for (const encoding of ENCODINGS) {
        const response = await get(url, encoding);
        const where = `${url} ${encoding}`;
        expect(response.statusCode, where).toBe(200);
        expect(response.headers['content-encoding'], where).toBe(encoding === 'identity' ? undefined : encoding);
        expect(response.headers['content-type'], where).toContain(type);
        expect(response.headers['cache-control'], where).toBe(cache);
        expect(response.headers.vary, where).toContain('accept-encoding');
        if (encoding !== 'identity') {
          const extension = encoding === 'br' ? '.br' : '.gz';
          expect(response.rawPayload.equals(readFileSync(path.join(webDist, file + extension))), where).toBe(true);
        }
        expect(decodedBody(response).equals(original), where).toBe(true);
      }
    }
  });

  it('sends a file the build did not compress as it is, without compressing it per request', async () => {
    const response = await get(UNCOMPRESSED_SCRIPT, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    expect(response.rawPayload.equals(readFileSync(path.join(webDist, UNCOMPRESSED_SCRIPT)))).toBe(true);
  });
});
