import Fastify from 'fastify';
import { nowPaymentsSimulator } from './plugin.js';
import { NowPaymentsState, type NowPaymentsStateOptions } from './state.js';

export interface RunningNowPaymentsSimulator {
  /** Base URL without a trailing slash: the API at `${url}/v1`, invoice pages at `${url}/payment/?iid=`. */
  url: string;
  state: NowPaymentsState;
  close(): Promise<void>;
}

/** Runs the simulator on its own server on a free port, for tests. */
export async function startNowPaymentsSimulator(
  options: NowPaymentsStateOptions & { port?: number },
): Promise<RunningNowPaymentsSimulator> {
  const { port = 0, ...stateOptions } = options;
  const state = new NowPaymentsState(stateOptions);
  const server = Fastify({ logger: false });
  let url = '';
  await server.register(nowPaymentsSimulator, { ...stateOptions, state, publicBase: () => url });
  await server.listen({ port, host: '127.0.0.1' });
  const address = server.server.address();
  if (address === null || typeof address === 'string') {
    await server.close();
    throw new Error('The NOWPayments simulator did not get a TCP address');
  }
  url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    state,
    close: async () => {
      await server.close();
    },
  };
}
