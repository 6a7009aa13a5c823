import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceFiles } from '../../src/server/db/schema-evidence.js';
import { FILE_TOO_LARGE, TOO_MANY_FILES } from '../../src/server/modules/evidence-files/uploads.js';
import type { EvidenceFile } from '../../src/shared/contracts/evidence.js';
import type { Server } from '../../src/shared/contracts/servers.js';
import { EVIDENCE_FILE_MAX_BYTES } from '../../src/shared/evidence-rules.js';
import { multipartBody, SAMPLE, uploadRequest, type FormFile } from '../helpers/multipart.js';
import { createTestApp, DEMO, sameOrigin, type TestApp } from '../helpers/test-app.js';
import { userIdOf } from '../helpers/evidence.js';
import { claimFile, createThreadRows } from '../helpers/thread-rows.js';

let t: TestApp;
const cookies = { eddie: '', olivia: '', mona: '', ada: '' };

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  cookies.eddie = await t.signIn(DEMO.eddie);
  cookies.olivia = await t.signIn(DEMO.olivia);
  cookies.mona = await t.signIn(DEMO.mona);
  cookies.ada = await t.signIn(DEMO.ada);
});
afterAll(async () => t?.close());

const upload = async (cookie: string | undefined, files: readonly FormFile[], fields = {}) =>
  t.app.inject(await uploadRequest(cookie, files, fields));
const uploaded = (response: LightMyRequestResponse) => response.json<{ files: EvidenceFile[] }>().files;
const download = (cookie: string | undefined, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/evidence/files/${id}`, headers: cookie === undefined ? {} : { cookie } });
const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string } }>().error;
const storedCount = async () => (await t.database.db.select({ id: evidenceFiles.id }).from(evidenceFiles)).length;

describe('POST /api/evidence/files', () => {
  it('stores PNG, JPEG, WebP, PDF, JSON and text, typed by content, and answers where to get them', async () => {
    const response = await upload(cookies.eddie, [
      { name: 'roles.png', content: SAMPLE.png, type: 'image/png' },
      { name: 'settings.jpg', content: SAMPLE.jpeg, type: 'image/jpeg' },
      { name: 'policy.pdf', content: SAMPLE.pdf, type: 'application/pdf' },
      { name: 'config.json', content: SAMPLE.json, type: 'application/json' },
      { name: 'notes.txt', content: SAMPLE.text, type: 'text/plain' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const files = uploaded(response);
    expect(files.map((file) => [file.fileName, file.mediaType])).toEqual([
      ['roles.png', 'image/png'],
      ['settings.jpg', 'image/jpeg'],
      ['policy.pdf', 'application/pdf'],
      ['config.json', 'application/json'],
      ['notes.txt', 'text/plain'],
    ]);
    for (const file of files) expect(file.url).toBe(`/api/evidence/files/${file.id}`);
    expect(files[0]?.size).toBe(SAMPLE.png.length);
    const [row] = await t.database.db
      .select()
      .from(evidenceFiles)
      .where(eq(evidenceFiles.id, files[0]?.id ?? ''));
    expect(row?.uploadedByUserId).toBe(await userIdOf(t, DEMO.eddie));
    expect(row?.messageId).toBeNull();
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const webp = await upload(cookies.eddie, [{ name: 'shot.webp', content: SAMPLE.webp, type: 'image/webp' }]);
    expect(uploaded(webp)[0]?.mediaType).toBe('image/webp');
  });

  it('decides the type by the bytes, whatever the name and the declared type say', async () => {
    const response = await upload(cookies.eddie, [{ name: 'readme.txt', content: SAMPLE.png, type: 'text/plain' }]);
    expect(response.statusCode).toBe(201);
    expect(uploaded(response)[0]?.mediaType).toBe('image/png');
  });

  it('refuses an executable or an archive renamed to an image (415) and stores nothing of the upload', async () => {
    const before = await storedCount();
    for (const content of [SAMPLE.exe, SAMPLE.zip]) {
      const response = await upload(cookies.eddie, [
        { name: 'fine.png', content: SAMPLE.png, type: 'image/png' },
        { name: 'screenshot.png', content, type: 'image/png' },
      ]);
      expect(response.statusCode).toBe(415);
      expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(errorOf(response).message).toContain('screenshot.png');
    }
    const binaryText = await upload(cookies.eddie, [{ name: 'log.txt', content: 'line one\u0000line two' }]);
    expect(binaryText.statusCode).toBe(415);
    const badJsonIsText = await upload(cookies.eddie, [{ name: 'c.json', content: '{ "unterminated": ' }]);
    expect(uploaded(badJsonIsText)[0]?.mediaType).toBe('text/plain');
    expect(await storedCount()).toBe(before + 1);
  });

  it('refuses a file over the size limit with 413', async () => {
    const response = await upload(cookies.eddie, [
      { name: 'huge.txt', content: 'a'.repeat(EVIDENCE_FILE_MAX_BYTES + 1), type: 'text/plain' },
    ]);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: FILE_TOO_LARGE });
    const atLimit = await upload(cookies.eddie, [{ name: 'big.txt', content: 'a'.repeat(EVIDENCE_FILE_MAX_BYTES) }]);
    expect(atLimit.statusCode).toBe(201);
  });

  it('refuses more than five files with 413 and says so', async () => {
    const six = Array.from({ length: 6 }, (_, index) => ({ name: `note-${index}.txt`, content: `note ${index}` }));
    const before = await storedCount();
    const response = await upload(cookies.eddie, six);
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: TOO_MANY_FILES });
    expect(await storedCount()).toBe(before);
  });

  it('refuses other form fields, another field name, an empty form and an empty file (400)', async () => {
    const note = { name: 'note.txt', content: 'hello' };
    const cases = [
      await upload(cookies.eddie, [note], { comment: 'extra' }),
      await upload(cookies.eddie, [{ ...note, field: 'attachment' }]),
      await upload(cookies.eddie, []),
      await upload(cookies.eddie, [{ name: 'empty.txt', content: '' }]),
    ];
    for (const response of cases) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).code).toBe('BAD_REQUEST');
    }
  });

  it('takes multipart only, and from this site only', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/evidence/files',
      headers: sameOrigin(cookies.eddie),
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(415);
    const { payload, contentType } = await multipartBody([{ name: 'note.txt', content: 'hello' }]);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/evidence/files',
      headers: { cookie: cookies.eddie, origin: 'https://evil.example', 'content-type': contentType },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
    // Another JSON route still refuses a multipart body.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: { ...sameOrigin(cookies.eddie), 'content-type': contentType },
      payload,
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('keeps a safe name for display', async () => {
    const response = await upload(cookies.eddie, [
      { name: '..\\..\\C:\\evil/<quoted>\u0007 name?.txt', content: 'hello' },
      { name: '', content: 'nameless' },
    ]);
    expect(response.statusCode).toBe(201);
    expect(uploaded(response).map((file) => file.fileName)).toEqual(['quoted name.txt', 'file']);
  });

  it('refuses a visitor (401)', async () => {
    const response = await upload(undefined, [{ name: 'note.txt', content: 'hello' }]);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/evidence/files/{id}', () => {
  it('serves the uploader their unclaimed file as an attachment that is never sniffed or stored', async () => {
    const [file] = uploaded(
      await upload(cookies.eddie, [{ name: 'Rôles été.pdf', content: SAMPLE.pdf, type: 'text/html' }]),
    );
    const response = await download(cookies.eddie, file?.id ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(SAMPLE.pdf);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="R_les _t_.pdf"; filename*=UTF-8''${encodeURIComponent('Rôles été.pdf')}`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('hides an unclaimed file from everyone but its uploader and staff', async () => {
    const [file] = uploaded(await upload(cookies.olivia, [{ name: 'shot.png', content: SAMPLE.png }]));
    const id = file?.id ?? '';
    expect((await download(cookies.olivia, id)).statusCode).toBe(200);
    expect((await download(cookies.eddie, id)).statusCode).toBe(404);
    expect((await download(cookies.mona, id)).statusCode).toBe(404);
    const staff = await download(cookies.ada, id);
    expect(staff.statusCode).toBe(200);
    expect(staff.rawPayload.equals(Buffer.from(SAMPLE.png))).toBe(true);
  });

  it("serves a claimed file to the thread's owner side and staff, and to nobody else", async () => {
    const monaServers = (await t.app.inject({ method: 'GET', url: '/api/servers', headers: { cookie: cookies.mona } }))
      .json<Server[]>()
      .map((server) => server.id);
    const oliviaServers = (
      await t.app.inject({ method: 'GET', url: '/api/servers', headers: { cookie: cookies.olivia } })
    ).json<Server[]>();
    const shared = oliviaServers.find((server) => monaServers.includes(server.id));
    if (shared === undefined) throw new Error('Mona should manage one of Olivia’s servers');
    const [file] = uploaded(await upload(cookies.olivia, [{ name: 'config.json', content: SAMPLE.json }]));
    const id = file?.id ?? '';
    const { messageId } = await createThreadRows(t, {
      serverId: shared.id,
      authorUserId: await userIdOf(t, DEMO.olivia),
    });
    await claimFile(t, id, messageId);

    const answers = await Promise.all(
      [cookies.olivia, cookies.mona, cookies.ada, cookies.eddie].map((c) => download(c, id)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 404]);
    expect(answers[1]?.headers['content-type']).toContain('application/json');
    expect(answers[1]?.body).toBe(SAMPLE.json);
    expect(answers[3]?.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'File not found' } });
  });

  it('answers 400 for a bad id, 404 for an unknown one and 401 to a visitor', async () => {
    expect((await download(cookies.eddie, 'not-an-id')).statusCode).toBe(400);
    expect((await download(cookies.eddie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const [file] = uploaded(await upload(cookies.eddie, [{ name: 'a.txt', content: 'a' }]));
    expect((await download(undefined, file?.id ?? '')).statusCode).toBe(401);
  });
});

describe('the sweep of abandoned uploads', () => {
  it('removes files left unclaimed for more than a day when the next upload arrives, and keeps claimed ones', async () => {
    const [stale, kept, fresh] = uploaded(
      await upload(cookies.eddie, [
        { name: 'stale.txt', content: 'stale' },
        { name: 'kept.txt', content: 'kept' },
        { name: 'fresh.txt', content: 'fresh' },
      ]),
    );
    const dayAndAMinuteAgo = new Date(Date.now() - 24 * 60 * 60 * 1000 - 60_000);
    const { db } = t.database;
    for (const file of [stale, kept])
      await db
        .update(evidenceFiles)
        .set({ createdAt: dayAndAMinuteAgo })
        .where(eq(evidenceFiles.id, file?.id ?? ''));
    const { messageId } = await createThreadRows(t, {
      serverId:
        (await t.app.inject({ method: 'GET', url: '/api/servers', headers: { cookie: cookies.eddie } })).json<
          Server[]
        >()[0]?.id ?? '',
      authorUserId: await userIdOf(t, DEMO.eddie),
    });
    await claimFile(t, kept?.id ?? '', messageId);

    expect((await upload(cookies.olivia, [{ name: 'next.txt', content: 'next' }])).statusCode).toBe(201);
    expect((await download(cookies.eddie, stale?.id ?? '')).statusCode).toBe(404);
    expect((await download(cookies.eddie, kept?.id ?? '')).statusCode).toBe(200);
    expect((await download(cookies.eddie, fresh?.id ?? '')).statusCode).toBe(200);
  });
});
