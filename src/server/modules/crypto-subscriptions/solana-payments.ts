import { createSolanaRpc, signature as toSignature, type Rpc, type SolanaRpcApi } from '@solana/kit';
import type { ChainConfig } from '../../config-chain.js';
import { AppError } from '../../errors.js';
import { type Inspection, pending, rejected } from './inspection.js';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const COMMITMENT_RANK = { processed: 0, confirmed: 1, finalized: 2 } as const;

export function solanaClient(config: ChainConfig['solana']): Rpc<SolanaRpcApi> {
  return createSolanaRpc(config.rpcUrl);
}

/** Reads the signature's status and the parsed transaction, and applies rules 3, 4, 5 and 7. */
export async function inspectSolanaPayment(
  rpc: Rpc<SolanaRpcApi>,
  config: ChainConfig['solana'],
  input: { hash: string; currency: 'SOL' | 'USDC-SPL'; recipient: string },
): Promise<Inspection> {
  const signature = toSignature(input.hash);
  try {
    const {
      value: [status],
    } = await rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send();
    if (status === undefined || status === null) return pending('The transaction is not on the chain yet.');
    if (status.err !== null) return rejected(3, 'The transaction failed on chain.');
    const reached = status.confirmationStatus ?? 'processed';
    if (COMMITMENT_RANK[reached] < COMMITMENT_RANK[config.commitment]) {
      return pending(`The transaction is ${reached}; it counts once ${config.commitment}.`);
    }
    const transaction = await rpc
      .getTransaction(signature, {
        encoding: 'jsonParsed',
        maxSupportedTransactionVersion: 0,
        commitment: config.commitment,
      })
      .send();
    if (transaction === null) return pending(`The transaction is not ${config.commitment} yet.`);
    const { meta } = transaction;
    if (meta === null || meta.err !== null) return rejected(3, 'The transaction failed on chain.');
    if (transaction.blockTime === null) return rejected(8, 'The chain gives no time for this transaction.');
    const blockTime = new Date(Number(transaction.blockTime) * 1000);

    if (input.currency === 'SOL') {
      const index = transaction.transaction.message.accountKeys.findIndex((key) => key.pubkey === input.recipient);
      const received = index < 0 ? 0n : (meta.postBalances[index] ?? 0n) - (meta.preBalances[index] ?? 0n);
      if (received <= 0n) {
        const tokens = (meta.postTokenBalances ?? []).some((balance) => balance.owner === input.recipient);
        return tokens
          ? rejected(5, 'This transaction sends a token, not SOL.')
          : rejected(4, `No SOL arrived at Rampart's address ${input.recipient}.`);
      }
      return { outcome: 'settled', paid: received, blockTime };
    }
    const ours = (meta.postTokenBalances ?? []).filter((balance) => balance.owner === input.recipient);
    if (ours.length === 0) return rejected(4, `No token arrived at Rampart's address ${input.recipient}.`);
    const usdc = ours.filter((balance) => balance.mint === config.usdcMint && balance.programId === TOKEN_PROGRAM);
    if (usdc.length === 0) return rejected(5, `The token sent (mint ${ours[0]?.mint ?? ''}) is not USDC.`);
    const before = (accountIndex: number) =>
      BigInt(
        (meta.preTokenBalances ?? []).find((balance) => balance.accountIndex === accountIndex)?.uiTokenAmount.amount ??
          '0',
      );
    const received = usdc.reduce(
      (sum, balance) => sum + BigInt(balance.uiTokenAmount.amount) - before(balance.accountIndex),
      0n,
    );
    if (received <= 0n) return rejected(4, `No USDC arrived at Rampart's address ${input.recipient}.`);
    return { outcome: 'settled', paid: received, blockTime };
  } catch (error) {
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The Solana node could not be reached; try again shortly.', {
      cause: error,
    });
  }
}
