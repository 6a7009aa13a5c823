import bs58 from 'bs58';
import { randomBytes } from 'node:crypto';
import { RpcError, type RpcMethod } from '../json-rpc.js';
import {
  ASSOCIATED_TOKEN_PROGRAM,
  commitmentOf,
  FEE_LAMPORTS,
  type SolanaChain,
  type SolTransaction,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  tokenAccountOf,
} from './state.js';

const USDC_DECIMALS = 6;
const FAILURE = { InstructionError: [0, { Custom: 1 }] };

const key = (pubkey: string, signer: boolean, writable: boolean) => ({
  pubkey,
  signer,
  writable,
  source: 'transaction',
});

function uiTokenAmount(amount: bigint) {
  const whole = amount / 10n ** BigInt(USDC_DECIMALS);
  const fraction = (amount % 10n ** BigInt(USDC_DECIMALS)).toString().padStart(USDC_DECIMALS, '0').replace(/0+$/, '');
  const text = fraction === '' ? whole.toString() : `${whole}.${fraction}`;
  return { amount: amount.toString(), decimals: USDC_DECIMALS, uiAmount: Number(text), uiAmountString: text };
}

/** The account keys, balances and instructions of a SOL transfer: a system `transfer` instruction. */
function solParts(tx: SolTransaction) {
  const before = (address: string) => tx.lamportsBefore.get(address) ?? 0n;
  const moved = tx.fail ? 0n : tx.amount;
  return {
    accountKeys: [key(tx.from, true, true), key(tx.to, false, true), key(SYSTEM_PROGRAM, false, false)],
    preBalances: [before(tx.from), before(tx.to), 1n],
    postBalances: [before(tx.from) - FEE_LAMPORTS - moved, before(tx.to) + moved, 1n],
    preTokenBalances: [],
    postTokenBalances: [],
    instructions: [
      {
        program: 'system',
        programId: SYSTEM_PROGRAM,
        parsed: { type: 'transfer', info: { source: tx.from, destination: tx.to, lamports: Number(tx.amount) } },
        stackHeight: null,
      },
    ],
  };
}

/** An SPL `transferChecked` between the two owners' token accounts; balances are read from those accounts. */
function usdcParts(tx: SolTransaction) {
  const source = tokenAccountOf(tx.from, tx.mint);
  const destination = tokenAccountOf(tx.to, tx.mint);
  const moved = tx.fail ? 0n : tx.amount;
  const sourceBefore = tx.tokensBefore.get(source) ?? 0n;
  const destinationBefore = tx.tokensBefore.get(destination) ?? 0n;
  const payerLamports = tx.lamportsBefore.get(tx.from) ?? 0n;
  const balance = (accountIndex: number, owner: string, amount: bigint) => ({
    accountIndex,
    mint: tx.mint,
    owner,
    programId: TOKEN_PROGRAM,
    uiTokenAmount: uiTokenAmount(amount),
  });
  const accountKeys = [
    key(tx.from, true, true),
    key(source, false, true),
    key(destination, false, true),
    key(tx.mint, false, false),
    key(TOKEN_PROGRAM, false, false),
    ...(tx.createAta ? [key(ASSOCIATED_TOKEN_PROGRAM, false, false), key(SYSTEM_PROGRAM, false, false)] : []),
  ];
  return {
    accountKeys,
    preBalances: [payerLamports, 2_039_280n, tx.createAta ? 0n : 2_039_280n, 1n, 1n, ...(tx.createAta ? [1n, 1n] : [])],
    postBalances: [payerLamports - FEE_LAMPORTS, 2_039_280n, 2_039_280n, 1n, 1n, ...(tx.createAta ? [1n, 1n] : [])],
    preTokenBalances: [
      balance(1, tx.from, sourceBefore),
      ...(tx.createAta ? [] : [balance(2, tx.to, destinationBefore)]),
    ],
    postTokenBalances: [balance(1, tx.from, sourceBefore - moved), balance(2, tx.to, destinationBefore + moved)],
    instructions: [
      {
        program: 'spl-token',
        programId: TOKEN_PROGRAM,
        parsed: {
          type: 'transferChecked',
          info: { source, destination, mint: tx.mint, authority: tx.from, tokenAmount: uiTokenAmount(tx.amount) },
        },
        stackHeight: null,
      },
    ],
  };
}

/** The whole `getTransaction` answer with `encoding: "jsonParsed"`, every field a node sends. */
function transactionObject(tx: SolTransaction): object {
  const parts = tx.asset === 'SOL' ? solParts(tx) : usdcParts(tx);
  const numbers = (values: bigint[]) => values.map((value) => Number(value));
  return {
    slot: tx.slot,
    blockTime: tx.blockTime,
    version: 0,
    meta: {
      err: tx.fail ? FAILURE : null,
      status: tx.fail ? { Err: FAILURE } : { Ok: null },
      fee: Number(FEE_LAMPORTS),
      preBalances: numbers(parts.preBalances),
      postBalances: numbers(parts.postBalances),
      preTokenBalances: parts.preTokenBalances,
      postTokenBalances: parts.postTokenBalances,
      innerInstructions: [],
      logMessages: [
        `Program ${parts.instructions[0]?.programId ?? SYSTEM_PROGRAM} invoke [1]`,
        tx.fail
          ? `Program ${parts.instructions[0]?.programId ?? SYSTEM_PROGRAM} failed: custom program error: 0x1`
          : `Program ${parts.instructions[0]?.programId ?? SYSTEM_PROGRAM} success`,
      ],
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: tx.asset === 'SOL' ? 150 : 6_200,
    },
    transaction: {
      signatures: [tx.signature],
      message: {
        accountKeys: parts.accountKeys,
        instructions: parts.instructions,
        recentBlockhash: tx.recentBlockhash,
        addressTableLookups: [],
      },
    },
  };
}

function configOf(params: unknown[], index: number): Record<string, unknown> {
  const value = params[index];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function statusOf(chain: SolanaChain, tx: SolTransaction): object {
  const commitment = commitmentOf(chain, tx);
  return {
    slot: tx.slot,
    confirmations: commitment === 'finalized' ? null : chain.slot - tx.slot,
    err: tx.fail ? FAILURE : null,
    status: tx.fail ? { Err: FAILURE } : { Ok: null },
    confirmationStatus: commitment,
  };
}

/** The Solana RPC methods @solana/kit's reads use (payments-reference §3.4, §5.4). */
export function solanaMethods(chain: SolanaChain): Record<string, RpcMethod> {
  const context = () => ({ slot: chain.slot, apiVersion: '2.1.0' });
  return {
    getTransaction: (params) => {
      const [signature] = params;
      const config = configOf(params, 1);
      if (typeof signature !== 'string') throw new RpcError(-32602, 'Invalid param: not a signature');
      if (config.encoding !== undefined && config.encoding !== 'jsonParsed' && config.encoding !== 'json') {
        throw new RpcError(-32602, 'Invalid params: the simulator serves json and jsonParsed only');
      }
      const commitment = config.commitment ?? 'finalized';
      if (commitment === 'processed')
        throw new RpcError(-32602, 'Method does not support commitment below `confirmed`');
      const tx = chain.transactions.get(signature);
      if (tx === undefined) return null;
      if (config.maxSupportedTransactionVersion === undefined) {
        throw new RpcError(
          -32015,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        );
      }
      const reached = commitmentOf(chain, tx);
      if (reached === 'processed' || (commitment === 'finalized' && reached !== 'finalized')) return null;
      return transactionObject(tx);
    },
    getSignatureStatuses: (params) => {
      const [signatures] = params;
      if (!Array.isArray(signatures)) throw new RpcError(-32602, 'Invalid params: expected an array of signatures');
      return {
        context: context(),
        value: signatures.map((signature) => {
          const tx = typeof signature === 'string' ? chain.transactions.get(signature) : undefined;
          return tx === undefined ? null : statusOf(chain, tx);
        }),
      };
    },
    getSlot: () => chain.slot,
    getBlockHeight: () => chain.slot - 20_000_000,
    getLatestBlockhash: () => ({
      context: context(),
      value: { blockhash: bs58.encode(randomBytes(32)), lastValidBlockHeight: chain.slot - 20_000_000 + 150 },
    }),
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.1.0', 'feature-set': 3_294_202_862 }),
  };
}
