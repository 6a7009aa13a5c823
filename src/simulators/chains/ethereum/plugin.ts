import type { FastifyPluginAsync } from 'fastify';
import { baseUnits, registerJsonRpc } from '../json-rpc.js';
import { explorerPage } from '../pages.js';
import { ethereumMethods } from './rpc-methods.js';
import {
  createEthereumChain,
  type EthereumChain,
  headOf,
  mine,
  reorgOut,
  SIMULATED_ETH_WALLET,
  submitTransfer,
  USDC_CONTRACT,
} from './state.js';

export interface EthereumSimulatorOptions {
  /** Shared state; tests keep a handle to it. Created empty when absent. */
  chain?: EthereumChain;
  /** Mine a block this often (0: only on `/__sim/mine`, as tests prefer). */
  blockIntervalMs?: number;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * An Ethereum node's JSON-RPC (`POST /`, single and batch) over an in-memory chain, with test controls
 * under `/__sim/` and a one-page explorer at `/tx/:hash`. Register with a prefix in demo mode.
 */
export const ethereumSimulator: FastifyPluginAsync<EthereumSimulatorOptions> = async (app, options) => {
  const chain = options.chain ?? createEthereumChain();
  registerJsonRpc(app, ethereumMethods(chain));

  app.post('/__sim/mine', async (request) => {
    const { n } = request.query as { n?: string };
    const count = n === undefined ? 1 : Number.parseInt(n, 10);
    const head = mine(chain, Number.isSafeInteger(count) && count > 0 && count <= 10_000 ? count : 1);
    return { blockNumber: head.number };
  });

  app.post('/__sim/warp', async (request, reply) => {
    const { seconds } = (request.body ?? {}) as { seconds?: unknown };
    if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds)) {
      return reply.code(400).send({ error: 'seconds must be a whole number' });
    }
    chain.clockOffsetSeconds += seconds;
    return { clockOffsetSeconds: chain.clockOffsetSeconds };
  });

  app.post('/__sim/transfer', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const from = typeof body.from === 'string' ? body.from : SIMULATED_ETH_WALLET;
    const amount = baseUnits(body.amount);
    const contract = typeof body.contract === 'string' ? body.contract : USDC_CONTRACT;
    if (typeof body.to !== 'string' || !ADDRESS.test(body.to) || !ADDRESS.test(from) || !ADDRESS.test(contract)) {
      return reply.code(400).send({ error: 'from, to and contract must be 0x-prefixed 20-byte addresses' });
    }
    if (body.asset !== 'ETH' && body.asset !== 'USDC')
      return reply.code(400).send({ error: "asset must be 'ETH' or 'USDC'" });
    if (amount === undefined)
      return reply.code(400).send({ error: 'amount must be a positive whole number of base units' });
    const hash = submitTransfer(chain, {
      from: from.toLowerCase(),
      to: body.to.toLowerCase(),
      asset: body.asset,
      amount,
      revert: body.revert === true,
      contract: contract.toLowerCase(),
    });
    return { hash };
  });

  app.post('/__sim/reorg', async (request, reply) => {
    const { hash } = (request.body ?? {}) as { hash?: unknown };
    if (typeof hash !== 'string' || !reorgOut(chain, hash.toLowerCase())) {
      return reply.code(404).send({ error: 'no mined transaction with that hash' });
    }
    return { hash, pending: true };
  });

  app.get('/tx/:hash', async (request, reply) => {
    const { hash } = request.params as { hash: string };
    const tx = chain.transactions.get(hash.toLowerCase());
    const head = headOf(chain).number;
    const facts: [string, string][] =
      tx === undefined
        ? []
        : [
            ['Status', tx.blockNumber === null ? 'Pending' : tx.revert ? 'Failed (reverted)' : 'Success'],
            ['Block', tx.blockNumber === null ? '—' : `${tx.blockNumber} (${head - tx.blockNumber + 1} confirmations)`],
            ['From', tx.from],
            [tx.asset === 'USDC' ? 'Token transfer to' : 'To', tx.to],
            ['Amount', `${tx.amount.toString()} base units of ${tx.asset}`],
          ];
    return reply.type('text/html; charset=utf-8').send(explorerPage('Simulated Ethereum explorer', hash, facts));
  });

  if ((options.blockIntervalMs ?? 0) > 0) {
    const timer = setInterval(() => mine(chain), options.blockIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
