import { headOf, TRANSFER_TOPIC, type EthBlock, type EthereumChain, type EthTransaction } from './state.js';
import { RpcError, type RpcMethod } from '../json-rpc.js';

/** Quantities are 0x-hex without leading zeros, as nodes write them. */
const quantity = (value: bigint | number) => `0x${value.toString(16)}`;
const word = (value: bigint | string) =>
  typeof value === 'bigint' ? value.toString(16).padStart(64, '0') : value.replace(/^0x/, '').padStart(64, '0');
const GAS_PRICE = 20_000_000_000n;
const EMPTY_BLOOM = `0x${'0'.repeat(512)}`;

function hashParam(params: unknown[]): string {
  const [hash] = params;
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new RpcError(-32602, 'invalid argument 0: hex string of odd length or wrong size');
  return hash.toLowerCase();
}

function blockOf(chain: EthereumChain, tx: EthTransaction): EthBlock | undefined {
  return tx.blockNumber === null ? undefined : chain.blocks[tx.blockNumber];
}

/** The transaction's own fields: a token transfer calls the contract with `transfer(to, amount)`. */
function transactionObject(chain: EthereumChain, tx: EthTransaction): object {
  const block = blockOf(chain, tx);
  const token = tx.asset === 'USDC';
  return {
    blockHash: block?.hash ?? null,
    blockNumber: block === undefined ? null : quantity(block.number),
    chainId: quantity(chain.chainId),
    from: tx.from,
    gas: quantity(token ? 65_000 : 21_000),
    gasPrice: quantity(GAS_PRICE),
    hash: tx.hash,
    input: token ? `0xa9059cbb${word(tx.to)}${word(tx.amount)}` : '0x',
    nonce: quantity(tx.nonce),
    to: token ? tx.contract : tx.to,
    transactionIndex: block === undefined ? null : quantity(tx.index),
    value: quantity(token ? 0n : tx.amount),
    type: '0x0',
    v: quantity(chain.chainId * 2 + 35),
    r: `0x${word(BigInt(`0x${tx.hash.slice(2, 34)}`))}`,
    s: `0x${word(BigInt(`0x${tx.hash.slice(34)}`))}`,
  };
}

function receiptObject(chain: EthereumChain, tx: EthTransaction, block: EthBlock): object {
  const token = tx.asset === 'USDC';
  const gasUsed = quantity(token ? 51_000 : 21_000);
  const logs =
    token && !tx.revert
      ? [
          {
            address: tx.contract,
            topics: [TRANSFER_TOPIC, `0x${word(tx.from)}`, `0x${word(tx.to)}`],
            data: `0x${word(tx.amount)}`,
            blockNumber: quantity(block.number),
            blockHash: block.hash,
            transactionHash: tx.hash,
            transactionIndex: quantity(tx.index),
            logIndex: '0x0',
            removed: false,
          },
        ]
      : [];
  return {
    blockHash: block.hash,
    blockNumber: quantity(block.number),
    contractAddress: null,
    cumulativeGasUsed: gasUsed,
    effectiveGasPrice: quantity(GAS_PRICE),
    from: tx.from,
    gasUsed,
    logs,
    logsBloom: EMPTY_BLOOM,
    status: tx.revert ? '0x0' : '0x1',
    to: token ? tx.contract : tx.to,
    transactionHash: tx.hash,
    transactionIndex: quantity(tx.index),
    type: '0x0',
  };
}

function blockObject(chain: EthereumChain, block: EthBlock, full: boolean): object {
  return {
    baseFeePerGas: quantity(GAS_PRICE / 2n),
    difficulty: '0x0',
    extraData: '0x',
    gasLimit: quantity(30_000_000),
    gasUsed: quantity(21_000 * block.transactions.length),
    hash: block.hash,
    logsBloom: EMPTY_BLOOM,
    miner: '0x0000000000000000000000000000000000000000',
    mixHash: `0x${'0'.repeat(64)}`,
    nonce: '0x0000000000000000',
    number: quantity(block.number),
    parentHash: block.parentHash,
    receiptsRoot: `0x${'0'.repeat(64)}`,
    sha3Uncles: `0x${'0'.repeat(64)}`,
    size: quantity(1000),
    stateRoot: `0x${'0'.repeat(64)}`,
    timestamp: quantity(block.timestamp),
    totalDifficulty: '0x0',
    transactions: full
      ? block.transactions.flatMap((hash) => {
          const tx = chain.transactions.get(hash);
          return tx === undefined ? [] : [transactionObject(chain, tx)];
        })
      : block.transactions,
    transactionsRoot: `0x${'0'.repeat(64)}`,
    uncles: [],
  };
}

function blockByTag(chain: EthereumChain, tag: unknown): EthBlock | undefined {
  if (tag === 'latest' || tag === 'safe' || tag === 'finalized' || tag === 'pending') return headOf(chain);
  if (tag === 'earliest') return chain.blocks[0];
  if (typeof tag !== 'string' || !/^0x[0-9a-fA-F]+$/.test(tag)) throw new RpcError(-32602, 'invalid argument 0');
  return chain.blocks[Number.parseInt(tag, 16)];
}

/** The methods of an Ethereum node that viem's reads use (payments-reference §3.2, §5.3). */
export function ethereumMethods(chain: EthereumChain): Record<string, RpcMethod> {
  return {
    eth_chainId: () => quantity(chain.chainId),
    net_version: () => String(chain.chainId),
    eth_blockNumber: () => quantity(headOf(chain).number),
    eth_getTransactionByHash: (params) => {
      const tx = chain.transactions.get(hashParam(params));
      return tx === undefined ? null : transactionObject(chain, tx);
    },
    eth_getTransactionReceipt: (params) => {
      const tx = chain.transactions.get(hashParam(params));
      const block = tx === undefined ? undefined : blockOf(chain, tx);
      return tx === undefined || block === undefined ? null : receiptObject(chain, tx, block);
    },
    eth_getBlockByNumber: (params) => {
      const block = blockByTag(chain, params[0]);
      return block === undefined ? null : blockObject(chain, block, params[1] === true);
    },
    eth_getBlockByHash: (params) => {
      const hash = hashParam(params);
      const block = chain.blocks.find((candidate) => candidate.hash === hash);
      return block === undefined ? null : blockObject(chain, block, params[1] === true);
    },
  };
}
