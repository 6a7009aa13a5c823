import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEthereumChain } from './ethereum/state.js';
import { createSolanaChain } from './solana/state.js';
import { startEthereumSimulator, startPriceSimulator, startSolanaSimulator } from './standalone.js';
import { simulatedWallet } from './wallet.js';

type Running = Awaited<ReturnType<typeof startEthereumSimulator>>;
let eth: Running;
let sol: Awaited<ReturnType<typeof startSolanaSimulator>>;
let prices: Awaited<ReturnType<typeof startPriceSimulator>>;

beforeAll(async () => {
  [eth, sol, prices] = await Promise.all([startEthereumSimulator(), startSolanaSimulator(), startPriceSimulator()]);
});
afterAll(async () => Promise.all([eth.close(), sol.close(), prices.close()]));

async function rpc(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}
const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});
const post = (url: string, body: object) => rpc(url, body) as Promise<Record<string, unknown>>;

describe('the Ethereum node', () => {
  it('answers a batch in order, echoing ids, with -32601 for an unknown method', async () => {
    const answers = await rpc(eth.url, [
      call('eth_chainId', [], 7),
      call('net_version', [], 'b'),
      call('eth_sendRawTransaction', [], 9),
    ]);
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 7, result: '0x1' },
      { jsonrpc: '2.0', id: 'b', result: '1' },
      { jsonrpc: '2.0', id: 9, error: { code: -32601, message: 'Method not found' } },
    ]);
  });

  it('keeps a transfer pending until mined: no block number, no receipt; then a USDC Transfer log of 3 topics', async () => {
    const { hash } = await post(`${eth.url}/__sim/transfer`, {
      to: '0x2222222222222222222222222222222222222222',
      asset: 'USDC',
      amount: '50010000',
    });
    const pending = (await rpc(eth.url, call('eth_getTransactionByHash', [hash]))) as {
      result: Record<string, unknown>;
    };
    expect(pending.result).toMatchObject({
      blockNumber: null,
      value: '0x0',
      input: expect.stringMatching(/^0xa9059cbb/),
    });
    expect(await rpc(eth.url, call('eth_getTransactionReceipt', [hash]))).toMatchObject({ result: null });

    await post(`${eth.url}/__sim/mine?n=1`, {});
    const receipt = (await rpc(eth.url, call('eth_getTransactionReceipt', [hash]))) as {
      result: { status: string; blockNumber: string; logs: { topics: string[]; data: string }[] };
    };
    expect(receipt.result.status).toBe('0x1');
    const [log] = receipt.result.logs;
    expect(log?.topics).toHaveLength(3);
    expect(log?.topics[2]).toBe(`0x${'0'.repeat(24)}2222222222222222222222222222222222222222`);
    expect(BigInt(log?.data ?? '0x0')).toBe(50_010_000n);
    const block = (await rpc(eth.url, call('eth_getBlockByNumber', [receipt.result.blockNumber, false]))) as {
      result: { transactions: string[]; timestamp: string };
    };
    expect(block.result.transactions).toEqual([hash]);
    expect(Number(block.result.timestamp)).toBeGreaterThan(1_700_000_000);
  });

  it('refuses a transfer with a bad address or amount (400)', async () => {
    const response = await fetch(`${eth.url}/__sim/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: 'nowhere', asset: 'ETH', amount: '1' }),
    });
    expect(response.status).toBe(400);
  });
});

describe('the Solana node', () => {
  const to = 'RampartDemoRecipient11111111111111111111111';

  it('moves a transaction processed → confirmed → finalized as slots pass', async () => {
    const { signature } = await post(`${sol.url}/__sim/transfer`, { to, asset: 'SOL', amount: '331000000' });
    const status = async () =>
      (
        (await rpc(sol.url, call('getSignatureStatuses', [[signature], { searchTransactionHistory: true }]))) as {
          result: { value: [{ confirmationStatus: string; confirmations: number | null } | null] };
        }
      ).result.value[0];
    expect(await status()).toMatchObject({ confirmationStatus: 'processed', confirmations: 0 });
    const config = { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' };
    expect(await rpc(sol.url, call('getTransaction', [signature, config]))).toMatchObject({ result: null });
    await post(`${sol.url}/__sim/slot`, {});
    expect(await status()).toMatchObject({ confirmationStatus: 'confirmed', confirmations: 1 });
    const confirmed = (await rpc(sol.url, call('getTransaction', [signature, config]))) as {
      result: { meta: Record<string, unknown>; transaction: { message: { accountKeys: { pubkey: string }[] } } };
    };
    expect(Object.keys(confirmed.result.meta)).toEqual(
      expect.arrayContaining([
        'innerInstructions',
        'logMessages',
        'rewards',
        'loadedAddresses',
        'status',
        'computeUnitsConsumed',
      ]),
    );
    const index = confirmed.result.transaction.message.accountKeys.findIndex((key) => key.pubkey === to);
    const after = confirmed.result.meta.postBalances as number[];
    const pre = confirmed.result.meta.preBalances as number[];
    expect((after[index] ?? 0) - (pre[index] ?? 0)).toBe(331_000_000);
    await post(`${sol.url}/__sim/slot?n=32`, {});
    expect(await status()).toMatchObject({ confirmationStatus: 'finalized', confirmations: null });
  });

  it('answers -32015 without maxSupportedTransactionVersion and refuses the processed commitment', async () => {
    const { signature } = await post(`${sol.url}/__sim/transfer`, { to, asset: 'USDC', amount: '1', createAta: true });
    await post(`${sol.url}/__sim/slot`, {});
    expect(await rpc(sol.url, call('getTransaction', [signature, { encoding: 'jsonParsed' }]))).toMatchObject({
      error: { code: -32015 },
    });
    expect(
      await rpc(
        sol.url,
        call('getTransaction', [signature, { maxSupportedTransactionVersion: 0, commitment: 'processed' }]),
      ),
    ).toMatchObject({ error: { code: -32602 } });
    expect(await rpc(sol.url, [call('getHealth'), call('getSlot')])).toMatchObject([
      { result: 'ok' },
      { result: expect.any(Number) },
    ]);
  });
});

describe('the price feed', () => {
  it('answers CoinGecko’s simple/price shape, with last_updated_at when asked', async () => {
    const response = await fetch(
      `${prices.url}/api/v3/simple/price?ids=ethereum,solana&vs_currencies=usd&include_last_updated_at=true`,
    );
    expect(await response.json()).toEqual({
      ethereum: { usd: 3012.45, last_updated_at: expect.any(Number) },
      solana: { usd: 151.2, last_updated_at: expect.any(Number) },
    });
  });
});

describe('the simulated wallet page', () => {
  it('sends on the chosen chain and shows the hash to copy; refuses a bad amount with an alert', async () => {
    const ethereum = createEthereumChain();
    const solana = createSolanaChain();
    const app = Fastify({ logger: false });
    await app.register(simulatedWallet, { prefix: '/wallet', ethereum, solana });
    const page = await app.inject({ method: 'GET', url: '/wallet' });
    expect(page.body).toContain('<label for="amount">');
    expect(page.body).toContain('<label for="to">');
    const form = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/wallet',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
    const sent = await form({
      asset: 'ethereum:ETH',
      to: '0x5afe0000000000000000000000000000c0ffee01',
      amount: '0.016599',
    });
    expect(sent.statusCode).toBe(200);
    const hash = /id="hash" readonly value="(0x[0-9a-f]{64})"/.exec(sent.body)?.[1];
    expect(ethereum.transactions.get(hash ?? '')).toMatchObject({ asset: 'ETH', amount: 16_599_000_000_000_000n });
    const refused = await form({
      asset: 'solana:SOL',
      to: 'RampartDemoRecipient11111111111111111111111',
      amount: '0.0000000001',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('role="alert"');
    expect(solana.transactions.size).toBe(0);
    await app.close();
  });
});
