import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/server/crypto.js';
import { GUILDS, grantEntitlement, serverId, startAudit, waitForAudit } from '../helpers/audits.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';
import { SIMULATED_DISCORD_APP } from '../../src/server/config.js';

/** Every line the app logs, as pino wrote it. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  // A built web app, as in production: its catch-all route must not swallow the API's framework errors.
  const webBuild = mkdtempSync(path.join(os.tmpdir(), 'rampart-web-'));
  writeFileSync(path.join(webBuild, 'index.html'), '<!doctype html><title>Rampart</title>');
  t = await createTestApp(
    { LOG_LEVEL: 'info', BODY_LIMIT_BYTES: '2048', WEB_DIST_DIR: webBuild },
    { logger: true, logDestination: logStream },
  );
});
afterAll(async () => t?.close());

const expectEnvelope = (body: string, code: string) =>
  expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) as string } });

describe('a NUL character in any input', () => {
  it('is refused with a 400 in the query, the path and the cookies, and never reaches the database', async () => {
    const cookie = await t.signIn(DEMO.eddie);
    const cases = [
      { url: '/api/auth/discord/callback?code=%00&state=%00' },
      { url: '/api/auth/discord?popup=%00' },
      { url: '/api/audits/%00' },
      { url: '/api/auth/me', headers: { cookie: 'rampart_session=abc%00def' } },
      { url: '/api/user/audits?x=a%00b', headers: { cookie } },
    ];
    for (const { url, headers } of cases) {
      const response = await t.app.inject({ method: 'GET', url, ...(headers === undefined ? {} : { headers }) });
      expect(response.statusCode, url).toBe(400);
      expectEnvelope(response.body, 'BAD_REQUEST');
      expect(response.json<{ error: { message: string } }>().error.message).toContain('NUL');
    }
    expect(logLines.join('')).not.toContain('request failed');
  });

  it('is refused in a nested JSON body (a waive reason)', async () => {
    const cookie = await t.signIn(DEMO.eddie);
    await grantEntitlement(t, DEMO.eddie);
    const queued = await startAudit(t, cookie, await serverId(t, cookie, GUILDS.studyHall));
    const audit = await waitForAudit(t, cookie, queued.json<{ id: string }>().id);
    const check = audit.checkResults.find((result) => result.status === 'FAIL');
    expect(check).toBeDefined();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/checks/${check?.id ?? ''}`,
      headers: sameOrigin(cookie),
      payload: { status: 'WAIVED', waiveReason: 'because\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expectEnvelope(response.body, 'BAD_REQUEST');
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: sameOrigin(cookie),
      payload: { serverId: 'x', extra: [{ deeper: { name: 'a\u0000' } }] },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json<{ error: { message: string } }>().error.message).toContain('NUL');
  });
});

describe('a failing database query', () => {
  it('is logged without its SQL or parameters', async () => {
    const cookie = await t.signIn(DEMO.olivia);
    const token = cookie.replace('rampart_session=', '');
    await t.database.db.execute(sql`alter table sessions rename to sessions_away`);
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(response.statusCode).toBe(500);
      expectEnvelope(response.body, 'INTERNAL');
    } finally {
      await t.database.db.execute(sql`alter table sessions_away rename to sessions`);
    }
    const logged = logLines.join('');
    expect(logged).toContain('request failed');
    expect(logged).toContain('42P01');
    expect(logged).not.toContain(sha256(token));
    expect(logged).not.toMatch(/params/i);
    expect(logged).not.toMatch(/select .* from/i);
  });
});

describe('errors raised by the framework', () => {
  it('answers bad percent-encoding, an over-long path parameter, bad JSON, big bodies and unknown media types in the envelope', async () => {
    const cookie = await t.signIn(DEMO.eddie);
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/audits/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expectEnvelope(badUrl.body, 'BAD_REQUEST');

    const longParam = await t.app.inject({ method: 'GET', url: `/api/audits/${'a'.repeat(500)}` });
    expect(longParam.statusCode).toBe(414);
    expectEnvelope(longParam.body, 'URI_TOO_LONG');
    expect(longParam.body).not.toContain('a'.repeat(101));

    const unknownLongPath = await t.app.inject({ method: 'GET', url: `/api/${'b'.repeat(2000)}` });
    expect(unknownLongPath.statusCode).toBe(414);
    expectEnvelope(unknownLongPath.body, 'URI_TOO_LONG');
    expect(unknownLongPath.body.length).toBeLessThan(300);

    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: { ...sameOrigin(cookie), 'content-type': 'application/json' },
      payload: '{"serverId":',
    });
    expect(badJson.statusCode).toBe(400);
    expectEnvelope(badJson.body, 'BAD_REQUEST');

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: sameOrigin(cookie),
      payload: { serverId: 'x'.repeat(4096) },
    });
    expect(big.statusCode).toBe(413);
    expectEnvelope(big.body, 'PAYLOAD_TOO_LARGE');

    const unknownRoute = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(unknownRoute.statusCode).toBe(404);
    expectEnvelope(unknownRoute.body, 'NOT_FOUND');
  });

  it('answers oversized request headers (431) and malformed requests in the envelope on a real socket', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const huge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        { host: '127.0.0.1', port, path: '/api/auth/me', headers: { 'x-padding': 'p'.repeat(20_000) } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(huge.status).toBe(431);
    expectEnvelope(huge.body, 'HEADERS_TOO_LARGE');

    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/auth/me HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expectEnvelope(raw.slice(raw.indexOf('\r\n\r\n') + 4), 'BAD_REQUEST');
  });
});

describe('request bodies on /api', () => {
  it('accepts only JSON: an HTML form or plain text is refused with 415 before any handler runs', async () => {
    const cookie = await t.signIn(DEMO.eddie);
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...sameOrigin(cookie), 'content-type': type },
        payload: 'a=1',
      });
      expect(response.statusCode, type).toBe(415);
      expectEnvelope(response.body, 'UNSUPPORTED_MEDIA_TYPE');
    }
    const stillSignedIn = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(stillSignedIn.statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...sameOrigin(cookie), 'content-type': 'application/json; charset=utf-8' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(200);
  });

  it('still lets the simulated Discord token endpoint read its form bodies', async () => {
    const simulatorHost = await createTestApp({}, { serveDiscordSimulator: true });
    try {
      const response = await simulatorHost.app.inject({
        method: 'POST',
        url: '/_sim/discord/api/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code: 'not-a-code',
          redirect_uri: 'http://rampart.test/api/auth/discord/callback',
          client_id: SIMULATED_DISCORD_APP.clientId,
          client_secret: SIMULATED_DISCORD_APP.clientSecret,
        }).toString(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await simulatorHost.close();
    }
  });
});
