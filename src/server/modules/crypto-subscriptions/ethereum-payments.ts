import {
  createPublicClient,
  erc20Abi,
  type Hash,
  http,
  isAddressEqual,
  parseEventLogs,
  type PublicClient,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import type { ChainConfig } from '../../config-chain.js';
import { AppError } from '../../errors.js';
import { type Inspection, pending, rejected } from './inspection.js';

/** viem over plain JSON-RPC; no block-number cache, so a confirmation counted a moment ago is not reused. */
export function ethereumClient(config: ChainConfig['ethereum']): PublicClient {
  return createPublicClient({ transport: http(config.rpcUrl, { timeout: 10_000, retryCount: 1 }), cacheTime: 0 });
}

const notFound = (error: unknown) =>
  error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError;

/** Reads the transaction, its receipt, the head and the block, and applies rules 3, 4, 5 and 7. */
export async function inspectEthereumPayment(
  client: PublicClient,
  config: ChainConfig['ethereum'],
  input: { hash: string; currency: 'ETH' | 'USDC-ERC20'; recipient: string },
): Promise<Inspection> {
  const hash = input.hash as Hash;
  try {
    const transaction = await client.getTransaction({ hash });
    if (transaction.blockNumber === null) return pending('The transaction is not in a block yet.');
    const receipt = await client.getTransactionReceipt({ hash });
    if (receipt.status !== 'success') return rejected(3, 'The transaction failed on chain (it was reverted).');

    let paid: bigint;
    if (input.currency === 'ETH') {
      if (transaction.to === null || !isAddressEqual(transaction.to, input.recipient as Hash)) {
        return transaction.to !== null && isAddressEqual(transaction.to, config.usdcContract as Hash)
          ? rejected(5, 'This transaction sends a token, not ETH.')
          : rejected(
              4,
              `The transaction pays ${transaction.to ?? 'no address'}, not Rampart's address ${input.recipient}.`,
            );
      }
      if (transaction.value === 0n) return rejected(5, 'The transaction moves no ETH.');
      paid = transaction.value;
    } else {
      const transfers = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs });
      const toUs = transfers.filter((log) => isAddressEqual(log.args.to, input.recipient as Hash));
      if (toUs.length === 0)
        return rejected(4, `The transaction makes no token transfer to Rampart's address ${input.recipient}.`);
      const usdc = toUs.filter((log) => isAddressEqual(log.address, config.usdcContract as Hash));
      if (usdc.length === 0) return rejected(5, `The token sent (${toUs[0]?.address ?? ''}) is not USDC.`);
      paid = usdc.reduce((sum, log) => sum + log.args.value, 0n);
    }

    const head = await client.getBlockNumber();
    const confirmations = head - receipt.blockNumber + 1n;
    if (confirmations < BigInt(config.minConfirmations)) {
      return pending(`${confirmations} of ${config.minConfirmations} confirmations so far.`);
    }
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    return { outcome: 'settled', paid, blockTime: new Date(Number(block.timestamp) * 1000) };
  } catch (error) {
    if (notFound(error)) return pending('The transaction is not on the chain yet.');
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The Ethereum node could not be reached; try again shortly.', {
      cause: error,
    });
  }
}
