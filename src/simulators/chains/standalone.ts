import Fastify, { type FastifyPluginAsync } from 'fastify';
import { priceSimulator, type PriceTable, createPriceTable } from '../prices/plugin.js';
import { ethereumSimulator } from './ethereum/plugin.js';
import { createEthereumChain, type EthereumChain } from './ethereum/state.js';
import { solanaSimulator } from './solana/plugin.js';
import { createSolanaChain, type SolanaChain } from './solana/state.js';

export interface RunningSimulator<State> {
  /** Base URL without a trailing slash. */
  url: string;
  state: State;
  close(): Promise<void>;
}

async function listen<Options extends object>(
  plugin: FastifyPluginAsync<Options>,
  options: Options,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = Fastify({ logger: false });
  await server.register(plugin, options);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (address === null || typeof address === 'string') {
    await server.close();
    throw new Error('the simulator did not get a TCP address');
  }
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

/** The price feed on a free port (tests): CoinGecko's API base is `${url}/api/v3`. */
export async function startPriceSimulator(table = createPriceTable()): Promise<RunningSimulator<PriceTable>> {
  return { ...(await listen(priceSimulator, { table })), state: table };
}

/** An Ethereum node on a free port that mines only when told (tests). */
export async function startEthereumSimulator(chain = createEthereumChain()): Promise<RunningSimulator<EthereumChain>> {
  return { ...(await listen(ethereumSimulator, { chain })), state: chain };
}

/** A Solana node on a free port whose slots advance only when told (tests). */
export async function startSolanaSimulator(chain = createSolanaChain()): Promise<RunningSimulator<SolanaChain>> {
  return { ...(await listen(solanaSimulator, { chain })), state: chain };
}
