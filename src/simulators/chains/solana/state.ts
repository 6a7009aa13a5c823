import bs58 from 'bs58';
import { createHash, randomBytes } from 'node:crypto';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNYLJA8knL';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** The simulated wallet's own address: every demo payment comes from it unless `from` says otherwise. */
export const SIMULATED_SOL_WALLET = 'SimWa11etPayer11111111111111111111111111111';
/** A transaction is confirmed one slot after it lands and finalized this many slots after. */
export const FINALIZED_AFTER_SLOTS = 32;
export const FEE_LAMPORTS = 5_000n;

export interface SolTransfer {
  from: string;
  to: string;
  asset: 'SOL' | 'USDC';
  /** Lamports for SOL, 10^-6 USDC for USDC. */
  amount: bigint;
  fail: boolean;
  /** The recipient's token account is created by this transaction, so it has no pre-balance. */
  createAta: boolean;
  /** The mint a USDC transfer moves (another mint, in tests). */
  mint: string;
}

export interface SolTransaction extends SolTransfer {
  signature: string;
  slot: number;
  blockTime: number;
  recentBlockhash: string;
  /** Balances before the transaction, lamports per account and base units per token account. */
  lamportsBefore: Map<string, bigint>;
  tokensBefore: Map<string, bigint>;
}

export interface SolanaChain {
  slot: number;
  transactions: Map<string, SolTransaction>;
  lamports: Map<string, bigint>;
  /** Token balances by token account. */
  tokens: Map<string, bigint>;
  clockOffsetSeconds: number;
}

/** The payer starts rich in SOL and USDC so the simulated wallet can always pay. */
const STARTING_LAMPORTS = 1_000_000_000_000n;
const STARTING_TOKENS = 1_000_000_000_000n;

export function createSolanaChain(): SolanaChain {
  return { slot: 300_000_000, transactions: new Map(), lamports: new Map(), tokens: new Map(), clockOffsetSeconds: 0 };
}

/** A stand-in for the associated token account address: stable per owner and mint. */
export function tokenAccountOf(owner: string, mint: string): string {
  return bs58.encode(createHash('sha256').update(`${owner}:${mint}`).digest());
}

export function lamportsOf(chain: SolanaChain, address: string): bigint {
  return chain.lamports.get(address) ?? (address === SIMULATED_SOL_WALLET ? STARTING_LAMPORTS : 0n);
}

export function tokensOf(chain: SolanaChain, account: string, owner: string): bigint {
  return chain.tokens.get(account) ?? (owner === SIMULATED_SOL_WALLET ? STARTING_TOKENS : 0n);
}

export type Commitment = 'processed' | 'confirmed' | 'finalized';

export function commitmentOf(chain: SolanaChain, tx: SolTransaction): Commitment {
  if (chain.slot >= tx.slot + FINALIZED_AFTER_SLOTS) return 'finalized';
  return chain.slot > tx.slot ? 'confirmed' : 'processed';
}

/** Lands a transfer in the current slot (processed) and applies it to the balances; returns its signature. */
export function submitTransfer(chain: SolanaChain, transfer: SolTransfer): string {
  const signature = bs58.encode(randomBytes(64));
  const lamportsBefore = new Map<string, bigint>();
  const tokensBefore = new Map<string, bigint>();
  for (const address of [transfer.from, transfer.to]) lamportsBefore.set(address, lamportsOf(chain, address));
  const source = tokenAccountOf(transfer.from, transfer.mint);
  const destination = tokenAccountOf(transfer.to, transfer.mint);
  tokensBefore.set(source, tokensOf(chain, source, transfer.from));
  tokensBefore.set(destination, tokensOf(chain, destination, transfer.to));

  chain.lamports.set(transfer.from, lamportsOf(chain, transfer.from) - FEE_LAMPORTS);
  if (!transfer.fail && transfer.asset === 'SOL') {
    chain.lamports.set(transfer.from, lamportsOf(chain, transfer.from) - transfer.amount);
    chain.lamports.set(transfer.to, lamportsOf(chain, transfer.to) + transfer.amount);
  }
  if (!transfer.fail && transfer.asset === 'USDC') {
    chain.tokens.set(source, tokensOf(chain, source, transfer.from) - transfer.amount);
    chain.tokens.set(destination, tokensOf(chain, destination, transfer.to) + transfer.amount);
  }
  chain.transactions.set(signature, {
    ...transfer,
    signature,
    slot: chain.slot,
    blockTime: Math.floor(Date.now() / 1000) + chain.clockOffsetSeconds,
    recentBlockhash: bs58.encode(randomBytes(32)),
    lamportsBefore,
    tokensBefore,
  });
  return signature;
}
