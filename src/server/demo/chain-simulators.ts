import type { FastifyInstance } from 'fastify';
import { createEthereumChain } from '../../simulators/chains/ethereum/state.js';
import { ethereumSimulator } from '../../simulators/chains/ethereum/plugin.js';
import { createSolanaChain } from '../../simulators/chains/solana/state.js';
import { solanaSimulator } from '../../simulators/chains/solana/plugin.js';
import { simulatedWallet } from '../../simulators/chains/wallet.js';
import { priceSimulator } from '../../simulators/prices/plugin.js';
import { CHAIN_SIMULATOR_PREFIXES } from '../config-chain.js';

/** Ethereum mines every 2 s and Solana advances a slot every 400 ms, as the real chains roughly do. */
const BLOCK_INTERVAL_MS = 2_000;
const SLOT_INTERVAL_MS = 400;

/**
 * Demo mode: the price feed, both chains and the simulated wallet in this very process. The product reaches
 * the first three over HTTP at the addresses configured for them (config-chain.ts), as it would the real ones.
 */
export async function serveChainSimulators(app: FastifyInstance): Promise<void> {
  const ethereum = createEthereumChain();
  const solana = createSolanaChain();
  await app.register(priceSimulator, { prefix: CHAIN_SIMULATOR_PREFIXES.prices });
  await app.register(ethereumSimulator, {
    prefix: CHAIN_SIMULATOR_PREFIXES.ethereum,
    chain: ethereum,
    blockIntervalMs: BLOCK_INTERVAL_MS,
  });
  await app.register(solanaSimulator, {
    prefix: CHAIN_SIMULATOR_PREFIXES.solana,
    chain: solana,
    slotIntervalMs: SLOT_INTERVAL_MS,
  });
  await app.register(simulatedWallet, { prefix: CHAIN_SIMULATOR_PREFIXES.wallet, ethereum, solana });
}
