import Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import { discordSimulator } from '../plugin.js';
import { createSimulatorState } from '../state.js';
import type { SimulatorState } from '../state.js';
import { TEST_APP } from '../test-support.js';

/**
 * The simulator on its own server, as `startTestSimulator` runs it, with two observers at the root: the
 * routes the plugin registers and the route pattern that answered each request. Comparing the two is how
 * the conformance test proves that no route goes untested.
 */

export interface ConformanceSimulator {
  url: string;
  state: SimulatorState;
  /** `METHOD /pattern` of every route the plugin registered (HEAD twins left out). */
  registeredRoutes: string[];
  close(): Promise<void>;
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
}

export async function startConformanceSimulator(servedRoutes: Set<string>): Promise<ConformanceSimulator> {
  // Hundreds of probes in a row check shapes, not pacing: the global limit would turn some into 429s.
  const state = createSimulatorState({ rateLimit: { enforce: false } });
  const server = Fastify({ logger: false });
  const registeredRoutes: string[] = [];
  server.addHook('onRoute', (route) => {
    for (const method of methodsOf(route)) registeredRoutes.push(`${method} ${route.url}`);
  });
  server.addHook('onResponse', async (request) => {
    const pattern = request.routeOptions.url;
    if (pattern !== undefined) servedRoutes.add(`${request.method} ${pattern}`);
  });
  await server.register(discordSimulator, { ...TEST_APP, redirectUris: [...TEST_APP.redirectUris], state });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return { url: `http://127.0.0.1:${address.port}`, state, registeredRoutes, close: () => server.close() };
}
