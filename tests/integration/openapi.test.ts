import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_SIMULATOR_PREFIX } from '../../src/server/config.js';
import { openApiPath } from '../../src/server/openapi/openapi-document.js';
import type { OpenApiDocument, OpenApiOperation } from '../../src/server/openapi/openapi-types.js';
import type { Endpoint } from '../../src/shared/contracts/endpoint.js';
import { ENDPOINTS } from '../../src/shared/contracts/endpoints.js';
import { statusOfErrorCode } from '../../src/shared/contracts/errors.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface Route {
  method: string;
  path: string;
}

/**
 * Every route of a Fastify router, read from `printRoutes({ commonPrefix: false })`: each line is a tree
 * node (`├── segment (METHODS)`), indented four characters per level, whose full path is its ancestors'
 * segments joined. HEAD routes Fastify adds beside each GET are left out.
 */
function routesOf(printed: string): Route[] {
  const prefixes: string[] = [];
  const routes: Route[] = [];
  for (const line of printed.split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (node === null) continue;
    const depth = (node[1] ?? '').length / 4;
    const path = `${prefixes[depth - 1] ?? ''}${node[2] ?? ''}`;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    const methods = (node[3] ?? '').split(', ').filter((method) => method !== '');
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      routes.push({ method, path });
    }
  }
  return routes;
}

/**
 * Two routes whose parameters at the same place have different names (`/api/certificates/:serverId` and
 * `/api/certificates/:id/download`) share one tree node, printed `:serverId|:id`, which no longer says which
 * name is whose: each such route is read as the spelling a declaration has, or as printed when none has.
 */
function resolveSharedParameters(routes: readonly Route[]): Route[] {
  return routes.flatMap((route) => {
    if (!route.path.includes('|')) return [route];
    const spellings = route.path
      .split('/')
      .reduce<string[]>(
        (paths, segment) => paths.flatMap((path) => segment.split('|').map((name) => `${path}/${name}`)),
        [''],
      )
      .map((path) => path.slice(1));
    const declared = spellings.filter((path) => declarationOf({ method: route.method, path }) !== undefined);
    return declared.length === 0 ? [route] : declared.map((path) => ({ method: route.method, path }));
  });
}

/**
 * The routes the reference must describe: the API, the health probes and any other declared route. Left out: the demo's Discord
 * simulator and the web app's page and catch-all (socket.io answers outside the router).
 */
function isDescribed(route: Route): boolean {
  if (route.path.startsWith(`${DISCORD_SIMULATOR_PREFIX}/`)) return false;
  if (route.path === '/healthz' || route.path === '/readyz' || route.path.startsWith('/api/')) return true;
  // Declared routes outside /api (the certificate badge) are described too.
  return declarationOf(route) !== undefined;
}

let t: TestApp;
let document: OpenApiDocument;
let routes: Route[];

beforeAll(async () => {
  t = await createTestApp({}, { serveDiscordSimulator: true });
  await t.app.ready();
  routes = resolveSharedParameters(routesOf(t.app.printRoutes({ commonPrefix: false })));
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});
afterAll(async () => t?.close());

function operationAt(method: string, path: string): OpenApiOperation | undefined {
  const key = method.toLowerCase() as Lowercase<Endpoint['method']>;
  return document.paths[openApiPath(path)]?.[key];
}

function declarationOf(route: Route): Endpoint | undefined {
  return ENDPOINTS.find((declared) => declared.method === route.method && declared.path === route.path);
}

const isServed = (declared: Endpoint) => t.app.hasRoute({ method: declared.method, url: declared.path });

describe('GET /api/openapi.json', () => {
  it('reads every route of a router, nested ones and those without a declaration included', async () => {
    const probe = Fastify();
    probe.get('/api/things', async () => ({}));
    probe.get('/api/things/:id/parts', async () => ({}));
    probe.post('/api/things/:id', async () => ({}));
    probe.put('/api/undeclared', async () => ({}));
    await probe.ready();
    expect(routesOf(probe.printRoutes({ commonPrefix: false }))).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/things' },
        { method: 'GET', path: '/api/things/:id/parts' },
        { method: 'POST', path: '/api/things/:id' },
        { method: 'PUT', path: '/api/undeclared' },
      ]),
    );
    await probe.close();
  });

  it('reads routes whose parameters share a place under different names as their declarations spell them', async () => {
    const probe = Fastify();
    probe.get('/api/certificates/:serverId', async () => ({}));
    probe.get('/api/certificates/:id/download', async () => ({}));
    await probe.ready();
    const printed = routesOf(probe.printRoutes({ commonPrefix: false }));
    expect(printed).toContainEqual({ method: 'GET', path: '/api/certificates/:serverId|:id' });
    expect(resolveSharedParameters(printed)).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/certificates/:serverId' },
        { method: 'GET', path: '/api/certificates/:id/download' },
      ]),
    );
    await probe.close();
  });

  it('finds every served declaration among the routes it reads, and the simulator it must leave out', () => {
    const read = new Set(routes.map((route) => `${route.method} ${route.path}`));
    for (const declared of ENDPOINTS.filter(isServed)) expect(read).toContain(`${declared.method} ${declared.path}`);
    expect(routes.some((route) => route.path.startsWith(DISCORD_SIMULATOR_PREFIX))).toBe(true);
  });

  it('describes every API route and health probe the app serves, each one declared', () => {
    const described = routes.filter(isDescribed);
    expect(described.length).toBeGreaterThanOrEqual(ENDPOINTS.filter(isServed).length);
    const undeclared = described.filter((route) => declarationOf(route) === undefined);
    expect(undeclared, 'routes served without a declaration in src/shared/contracts').toEqual([]);
    const missing = described.filter((route) => operationAt(route.method, route.path) === undefined);
    expect(missing, 'served routes missing from /api/openapi.json').toEqual([]);
  });

  it('gives each served route its declared access and every status of its declared error codes', () => {
    for (const route of routes.filter(isDescribed)) {
      const declared = declarationOf(route);
      const operation = operationAt(route.method, route.path);
      if (declared === undefined || operation === undefined)
        throw new Error(`${route.method} ${route.path} is not declared or not documented`);
      expect(operation.operationId).toBe(declared.name);
      expect(operation['x-access'], declared.name).toBe(declared.access);
      const errorStatuses = [...new Set(declared.errors.map(statusOfErrorCode))].map(String).sort();
      const documented = Object.keys(operation.responses).filter((status) => status !== String(declared.status));
      expect(documented.sort(), declared.name).toEqual(errorStatuses);
      expect(operation.responses).toHaveProperty(String(declared.status));
      const codes = Object.values(operation.responses).flatMap((response) => response['x-error-codes'] ?? []);
      expect(codes.sort(), declared.name).toEqual([...new Set(declared.errors)].sort());
    }
  });

  it('lists only what is served, each operation with the access of its declaration', () => {
    for (const declared of ENDPOINTS) {
      const operation = operationAt(declared.method, declared.path);
      if (!isServed(declared)) {
        expect(operation, `${declared.name} is not served yet`).toBeUndefined();
        continue;
      }
      expect(operation?.['x-access'], declared.name).toBe(declared.access);
    }
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(ENDPOINTS.filter(isServed).length);
  });
});
