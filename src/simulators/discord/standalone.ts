import Fastify from 'fastify';
import type { DiscordSimulatorOptions } from './plugin.js';
import { discordSimulator } from './plugin.js';
import { createSimulatorState } from './state.js';
import type { SimulatorState } from './state.js';

export interface StandaloneSimulatorOptions extends Omit<DiscordSimulatorOptions, 'logger'> {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
}

export interface RunningDiscordSimulator {
  /** Base URL without a trailing slash: REST at `${url}/api`, authorize at `${url}/oauth2/authorize`. */
  url: string;
  state: SimulatorState;
  close(): Promise<void>;
}

/** Runs the simulator on its own server (no prefix), for tests of the product and local experiments. */
export async function startDiscordSimulator(options: StandaloneSimulatorOptions): Promise<RunningDiscordSimulator> {
  const { port = 0, host = '127.0.0.1', state: givenState, statePath, ...app } = options;
  const state = givenState ?? createSimulatorState(statePath === undefined ? {} : { statePath });
  const server = Fastify({ logger: false });
  await server.register(discordSimulator, { ...app, state });
  await server.listen({ port, host });
  const address = server.server.address();
  if (address === null || typeof address === 'string') {
    await server.close();
    throw new Error('The Discord simulator did not get a TCP address');
  }
  const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostname}:${address.port}`,
    state,
    close: async () => {
      await server.close();
    },
  };
}
