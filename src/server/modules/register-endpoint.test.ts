import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../shared/contracts/endpoint.js';
import type { UserRow } from '../db/rows.js';
import { registerErrorHandling } from '../plugins/error-handler.js';
import { responseSerializerCompiler } from '../plugins/response-serializer.js';
import type { Caller } from './auth/caller.js';
import { guardAdminScope, registerEndpoint } from './register-endpoint.js';

const createThing = endpoint({
  name: 'createThing',
  method: 'POST',
  path: '/api/things/:id',
  access: 'user',
  summary: 'test',
  params: z.object({ id: z.string().uuid() }),
  body: z.object({ label: z.string() }),
  response: z.object({ id: z.string(), label: z.string(), by: z.string() }),
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED'],
});
const listEverything = endpoint({
  name: 'listEverything',
  method: 'GET',
  path: '/api/admin/everything',
  access: 'admin',
  summary: 'test',
  response: z.array(z.string()),
  status: 200,
  errors: ['UNAUTHORIZED', 'FORBIDDEN'],
});
const whoAmI = endpoint({
  name: 'whoAmI',
  method: 'GET',
  path: '/api/who',
  access: 'public',
  summary: 'test',
  response: z.object({ signedIn: z.boolean() }),
  status: 200,
  errors: [],
});

const goElsewhere = endpoint({
  name: 'goElsewhere',
  method: 'GET',
  path: '/api/elsewhere',
  access: 'public',
  summary: 'test',
  response: { mediaType: 'text/html', description: 'a redirect' },
  status: 302,
  errors: [],
});

const ID = '6f1c2a4e-0000-4000-8000-000000000001';
const callers: Record<string, Caller> = {
  owner: { user: { id: 'u-owner' } as UserRow, isAdmin: false },
  admin: { user: { id: 'u-admin' } as UserRow, isAdmin: true },
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A bare app whose "session" is the x-test-caller header, so only the registrar is under test. */
function bareApp(): FastifyInstance {
  const instance = Fastify();
  instance.setValidatorCompiler(validatorCompiler);
  instance.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(instance);
  instance.decorateRequest('caller', null);
  instance.addHook('preHandler', async (request) => {
    request.caller = callers[String(request.headers['x-test-caller'])] ?? null;
  });
  return instance;
}

describe('registerEndpoint', () => {
  it('refuses at boot an admin endpoint outside the admin scope, and any other endpoint inside it', async () => {
    const instance = (app = bareApp());
    const outside = instance.register(async (scope) => registerEndpoint(scope, listEverything, async () => []));
    await expect(outside).rejects.toThrow(/listEverything.*must be registered in the admin scope/);

    const second = bareApp();
    const inside = second.register(async (scope) => {
      guardAdminScope(scope);
      registerEndpoint(scope, whoAmI, async () => ({ signedIn: false }));
    });
    await expect(inside).rejects.toThrow(/whoAmI.*must not be registered in the admin scope/);
    await second.close();
  });

  it("applies a user endpoint's access before its handler and answers with the declared status", async () => {
    const instance = (app = bareApp());
    const seen: string[] = [];
    await instance.register(async (scope) =>
      registerEndpoint(scope, createThing, async ({ caller, params, body }) => {
        seen.push(caller.user.id);
        return { id: params.id, label: body.label, by: caller.user.id };
      }),
    );
    const send = (headers: Record<string, string>, id = ID) =>
      instance.inject({ method: 'POST', url: `/api/things/${id}`, headers, payload: { label: 'x' } });

    const visitor = await send({});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Sign in to continue.' } });
    expect((await send({ 'x-test-caller': 'owner' }, 'not-an-id')).statusCode).toBe(400);

    const created = await send({ 'x-test-caller': 'owner' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: ID, label: 'x', by: 'u-owner' });
    expect(seen).toEqual(['u-owner']);
  });

  it('guards the admin scope: 401 for a visitor, 403 for a non-admin, the handler only for an admin', async () => {
    const instance = (app = bareApp());
    let calls = 0;
    await instance.register(async (scope) => {
      guardAdminScope(scope);
      registerEndpoint(scope, listEverything, async ({ caller }) => {
        calls += 1;
        return [caller.user.id];
      });
    });
    const get = (caller?: string) =>
      instance.inject({
        url: '/api/admin/everything',
        headers: caller === undefined ? {} : { 'x-test-caller': caller },
      });

    expect((await get()).statusCode).toBe(401);
    const owner = await get('owner');
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Administrators only.' } });
    expect(calls).toBe(0);
    const admin = await get('admin');
    expect(admin.json()).toEqual(['u-admin']);
    expect(calls).toBe(1);
  });

  it('hands a public endpoint the caller, or null for a visitor', async () => {
    const instance = (app = bareApp());
    await instance.register(async (scope) =>
      registerEndpoint(scope, whoAmI, async ({ caller }) => ({ signedIn: caller !== null })),
    );
    expect((await instance.inject({ url: '/api/who' })).json()).toEqual({ signedIn: false });
    expect((await instance.inject({ url: '/api/who', headers: { 'x-test-caller': 'owner' } })).json()).toEqual({
      signedIn: true,
    });
  });

  it('sends a declared body through its compiled schema, leaving out what the declaration does not name', async () => {
    const instance = (app = bareApp());
    await instance.register(async (scope) =>
      registerEndpoint(scope, createThing, async ({ caller, params, body }) => {
        const thing = { id: params.id, label: body.label, by: caller.user.id };
        return Object.assign(thing, { internalNote: 'not for the wire' });
      }),
    );
    const created = await instance.inject({
      method: 'POST',
      url: `/api/things/${ID}`,
      headers: { 'x-test-caller': 'owner' },
      payload: { label: 'x' },
    });
    expect(created.body).toBe(`{"id":"${ID}","label":"x","by":"u-owner"}`);
  });

  it('leaves an answer a raw endpoint sent through the reply alone, sending nothing a second time', async () => {
    const warnings: string[] = [];
    const instance = (app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void warnings.push(line) } },
    }));
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(responseSerializerCompiler);
    registerErrorHandling(instance);
    instance.decorateRequest('caller', null);
    await instance.register(async (scope) =>
      registerEndpoint(scope, goElsewhere, async ({ reply }) => reply.redirect('/somewhere')),
    );
    const response = await instance.inject({ url: '/api/elsewhere' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/somewhere');
    expect(warnings).toEqual([]);
  });
});
