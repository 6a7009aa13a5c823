import bs58 from 'bs58';
import type { FastifyPluginAsync } from 'fastify';
import { baseUnits, registerJsonRpc } from '../json-rpc.js';
import { explorerPage } from '../pages.js';
import { solanaMethods } from './rpc-methods.js';
import {
  commitmentOf,
  createSolanaChain,
  SIMULATED_SOL_WALLET,
  type SolanaChain,
  submitTransfer,
  USDC_MINT,
} from './state.js';

export interface SolanaSimulatorOptions {
  chain?: SolanaChain;
  /** Advance one slot this often (0: only on `/__sim/slot`, as tests prefer). */
  slotIntervalMs?: number;
}

function isAddress(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
}

/**
 * A Solana node's JSON-RPC (`POST /`, single and batch) over an in-memory ledger whose transactions move
 * processed → confirmed → finalized as slots pass, with test controls under `/__sim/` and an explorer page.
 */
export const solanaSimulator: FastifyPluginAsync<SolanaSimulatorOptions> = async (app, options) => {
  const chain = options.chain ?? createSolanaChain();
  registerJsonRpc(app, solanaMethods(chain));

  app.post('/__sim/slot', async (request) => {
    const { n } = request.query as { n?: string };
    const count = n === undefined ? 1 : Number.parseInt(n, 10);
    chain.slot += Number.isSafeInteger(count) && count > 0 && count <= 100_000 ? count : 1;
    return { slot: chain.slot };
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
    const from = body.from ?? SIMULATED_SOL_WALLET;
    const mint = body.mint ?? USDC_MINT;
    const amount = baseUnits(body.amount);
    if (!isAddress(from) || !isAddress(body.to) || !isAddress(mint)) {
      return reply.code(400).send({ error: 'from, to and mint must be base58 32-byte addresses' });
    }
    if (body.asset !== 'SOL' && body.asset !== 'USDC')
      return reply.code(400).send({ error: "asset must be 'SOL' or 'USDC'" });
    if (amount === undefined)
      return reply.code(400).send({ error: 'amount must be a positive whole number of base units' });
    const signature = submitTransfer(chain, {
      from,
      to: body.to,
      asset: body.asset,
      amount,
      fail: body.fail === true,
      createAta: body.createAta === true,
      mint,
    });
    return { signature };
  });

  app.get('/tx/:signature', async (request, reply) => {
    const { signature } = request.params as { signature: string };
    const tx = chain.transactions.get(signature);
    const facts: [string, string][] =
      tx === undefined
        ? []
        : [
            ['Status', tx.fail ? 'Failed' : 'Success'],
            ['Commitment', commitmentOf(chain, tx)],
            ['Slot', String(tx.slot)],
            ['From', tx.from],
            ['To', tx.to],
            ['Amount', `${tx.amount.toString()} base units of ${tx.asset}`],
          ];
    return reply.type('text/html; charset=utf-8').send(explorerPage('Simulated Solana explorer', signature, facts));
  });

  if ((options.slotIntervalMs ?? 0) > 0) {
    const timer = setInterval(() => {
      chain.slot += 1;
    }, options.slotIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
