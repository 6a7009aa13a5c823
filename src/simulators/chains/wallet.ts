import type { FastifyPluginAsync } from 'fastify';
import {
  type EthereumChain,
  SIMULATED_ETH_WALLET,
  submitTransfer as sendOnEthereum,
  USDC_CONTRACT,
} from './ethereum/state.js';
import { escapeHtml, page } from './pages.js';
import { SIMULATED_SOL_WALLET, type SolanaChain, submitTransfer as sendOnSolana, USDC_MINT } from './solana/state.js';

export interface WalletPageOptions {
  ethereum: EthereumChain;
  solana: SolanaChain;
}

const ASSETS = {
  'ethereum:ETH': { label: 'ETH on Ethereum', decimals: 18 },
  'ethereum:USDC': { label: 'USDC on Ethereum (ERC-20)', decimals: 6 },
  'solana:SOL': { label: 'SOL on Solana', decimals: 9 },
  'solana:USDC': { label: 'USDC on Solana (SPL)', decimals: 6 },
} as const;
type AssetKey = keyof typeof ASSETS;
const isAssetKey = (value: string): value is AssetKey => value in ASSETS;

/** '0.0166' → base units with `decimals`, digit by digit; undefined when it is not a positive amount. */
function toBaseUnits(amount: string, decimals: number): bigint | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (match === null || (match[2] ?? '').length > decimals) return undefined;
  const units = BigInt((match[1] ?? '0') + (match[2] ?? '').padEnd(decimals, '0'));
  return units > 0n ? units : undefined;
}

function form(values: { asset: string; to: string; amount: string }): string {
  const options = Object.entries(ASSETS)
    .map(
      ([value, { label }]) => `<option value="${value}"${value === values.asset ? ' selected' : ''}>${label}</option>`,
    )
    .join('');
  return `<form method="post">
<label for="asset">Chain and asset</label><select id="asset" name="asset">${options}</select>
<label for="to">Send to (recipient address)</label><input id="to" name="to" required autocomplete="off" value="${escapeHtml(values.to)}">
<label for="amount">Amount (exactly as shown by Rampart, e.g. 0.016601)</label><input id="amount" name="amount" required inputmode="decimal" autocomplete="off" value="${escapeHtml(values.amount)}">
<button type="submit">Send</button></form>`;
}

function walletPage(values: { asset: string; to: string; amount: string }, outcome: string): string {
  return page(
    'Simulated wallet',
    `<main><h1>Simulated wallet</h1>
<p>Pays from <code>${SIMULATED_ETH_WALLET}</code> on Ethereum and <code>${SIMULATED_SOL_WALLET}</code> on Solana (demo only: no real funds move).</p>
${outcome}${form(values)}</main>`,
  );
}

/**
 * A page where a person in demo mode sends a payment on the simulated chains and copies its hash into
 * Rampart. It writes straight to the simulators' ledgers, as a wallet broadcasting to the network would.
 */
export const simulatedWallet: FastifyPluginAsync<WalletPageOptions> = async (app, options) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(walletPage({ asset: 'solana:SOL', to: '', amount: '' }, '')),
  );
  app.post('/', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const values = { asset: body.asset ?? '', to: (body.to ?? '').trim(), amount: (body.amount ?? '').trim() };
    const refuse = (message: string) =>
      reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(walletPage(values, `<p class="notice" role="alert">${escapeHtml(message)}</p>`));
    if (!isAssetKey(values.asset)) return refuse('Choose a chain and asset.');
    const units = toBaseUnits(values.amount, ASSETS[values.asset].decimals);
    if (units === undefined) return refuse('Enter a positive amount with no more decimals than the asset has.');
    let hash: string;
    try {
      hash = send(options, values.asset, values.to, units);
    } catch (error) {
      return refuse(error instanceof Error ? error.message : 'The transfer was refused.');
    }
    const sent = `<div class="notice" role="status"><p>Sent. Copy this transaction hash into Rampart:</p>
<label for="hash">Transaction hash</label><input id="hash" readonly value="${escapeHtml(hash)}"></div>`;
    return reply.type('text/html; charset=utf-8').send(walletPage(values, sent));
  });
};

function send(options: WalletPageOptions, asset: AssetKey, to: string, amount: bigint): string {
  if (asset.startsWith('ethereum:')) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(to)) throw new Error('An Ethereum address is 0x followed by 40 hex digits.');
    return sendOnEthereum(options.ethereum, {
      from: SIMULATED_ETH_WALLET,
      to: to.toLowerCase(),
      asset: asset === 'ethereum:ETH' ? 'ETH' : 'USDC',
      amount,
      revert: false,
      contract: USDC_CONTRACT,
    });
  }
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(to)) throw new Error('A Solana address is 32 to 44 base58 characters.');
  return sendOnSolana(options.solana, {
    from: SIMULATED_SOL_WALLET,
    to,
    asset: asset === 'solana:SOL' ? 'SOL' : 'USDC',
    amount,
    fail: false,
    createAta: false,
    mint: USDC_MINT,
  });
}
