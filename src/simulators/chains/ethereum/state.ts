import { randomBytes } from 'node:crypto';

/** The mainnet USDC contract, and a token that copies its name and decimals but is not it. */
export const USDC_CONTRACT = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
export const LOOKALIKE_USDC_CONTRACT = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb49';
/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** The simulated wallet's own address: every demo payment comes from it unless `from` says otherwise. */
export const SIMULATED_ETH_WALLET = '0x1111111111111111111111111111111111111111';

export interface EthTransfer {
  from: string;
  to: string;
  asset: 'ETH' | 'USDC';
  /** Wei for ETH, 10^-6 USDC for USDC. */
  amount: bigint;
  revert: boolean;
  /** The token contract a USDC transfer goes through (a look-alike one, in tests). */
  contract: string;
}

export interface EthTransaction extends EthTransfer {
  hash: string;
  nonce: number;
  /** Null while pending. */
  blockNumber: number | null;
  index: number;
}

export interface EthBlock {
  number: number;
  hash: string;
  parentHash: string;
  /** Unix seconds. */
  timestamp: number;
  transactions: string[];
}

export interface EthereumChain {
  chainId: number;
  blocks: EthBlock[];
  transactions: Map<string, EthTransaction>;
  pending: string[];
  /** Seconds added to the wall clock for new blocks (time warp). */
  clockOffsetSeconds: number;
}

const hex32 = () => `0x${randomBytes(32).toString('hex')}`;

export function createEthereumChain(options: { chainId?: number; now?: () => number } = {}): EthereumChain {
  const genesisTime = Math.floor((options.now?.() ?? Date.now()) / 1000);
  return {
    chainId: options.chainId ?? 1,
    blocks: [{ number: 0, hash: hex32(), parentHash: `0x${'0'.repeat(64)}`, timestamp: genesisTime, transactions: [] }],
    transactions: new Map(),
    pending: [],
    clockOffsetSeconds: 0,
  };
}

export const headOf = (chain: EthereumChain): EthBlock => {
  const head = chain.blocks[chain.blocks.length - 1];
  if (head === undefined) throw new Error('a chain has its genesis block');
  return head;
};

/** Mines `count` blocks; the first takes every pending transaction. Timestamps never go backwards. */
export function mine(chain: EthereumChain, count = 1): EthBlock {
  for (let i = 0; i < count; i += 1) {
    const parent = headOf(chain);
    const wall = Math.floor(Date.now() / 1000) + chain.clockOffsetSeconds;
    const block: EthBlock = {
      number: parent.number + 1,
      hash: hex32(),
      parentHash: parent.hash,
      timestamp: Math.max(wall, parent.timestamp + 1),
      transactions: chain.pending.splice(0),
    };
    block.transactions.forEach((hash, index) => {
      const tx = chain.transactions.get(hash);
      if (tx !== undefined) Object.assign(tx, { blockNumber: block.number, index });
    });
    chain.blocks.push(block);
  }
  return headOf(chain);
}

/** Adds a signed-looking transfer to the mempool and returns its hash; it is mined with the next block. */
export function submitTransfer(chain: EthereumChain, transfer: EthTransfer): string {
  const hash = hex32();
  const nonce = [...chain.transactions.values()].filter((tx) => tx.from === transfer.from).length;
  chain.transactions.set(hash, { ...transfer, hash, nonce, blockNumber: null, index: 0 });
  chain.pending.push(hash);
  return hash;
}

/**
 * A reorganisation that drops the transaction from its block: it is pending again (no block, no receipt) and
 * goes into the next block mined. False when it was not mined.
 */
export function reorgOut(chain: EthereumChain, hash: string): boolean {
  const tx = chain.transactions.get(hash);
  if (tx === undefined || tx.blockNumber === null) return false;
  const block = chain.blocks[tx.blockNumber];
  if (block !== undefined) block.transactions = block.transactions.filter((candidate) => candidate !== hash);
  tx.blockNumber = null;
  chain.pending.push(hash);
  return true;
}
