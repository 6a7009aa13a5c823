import { z } from 'zod';

/** Where the in-process simulators of the price feed and the two chains are served in demo mode. */
export const CHAIN_SIMULATOR_PREFIXES = {
  prices: '/_sim/prices',
  ethereum: '/_sim/ethereum',
  solana: '/_sim/solana',
  wallet: '/_sim/wallet',
} as const;

/** Mainnet USDC (payments-reference §3.1); the simulators use the same identifiers. */
export const MAINNET_USDC_ERC20 = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
export const MAINNET_USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** The demo's receiving wallets (the simulated chains know no keys, so any well-formed address works). */
export const DEMO_RECIPIENTS = {
  ethereum: '0x5afe0000000000000000000000000000c0ffee01',
  solana: 'RampartDemoRecipient11111111111111111111111',
} as const;

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const ChainEnv = z.object({
  PRICE_FEED_URL: optional,
  PRICE_FEED_API_KEY: optional,
  ETH_RPC_URL: optional,
  SOL_RPC_URL: optional,
  ETH_RECIPIENT_ADDRESS: optional.refine((value) => value === undefined || /^0x[0-9a-fA-F]{40}$/.test(value), {
    message: 'must be a 0x-prefixed 20-byte hex address',
  }),
  SOL_RECIPIENT_ADDRESS: optional.refine(
    (value) => value === undefined || /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value),
    { message: 'must be a base58 Solana address' },
  ),
  ETH_USDC_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default(MAINNET_USDC_ERC20),
  SOL_USDC_MINT: z.string().default(MAINNET_USDC_MINT),
  ETH_MIN_CONFIRMATIONS: z.coerce.number().int().positive().optional(),
  SOL_COMMITMENT: z.enum(['confirmed', 'finalized']).optional(),
  ETH_EXPLORER_TX_URL: optional,
  SOL_EXPLORER_TX_URL: optional,
});

export interface ChainConfig {
  priceFeed: { url: string; apiKey: string | undefined };
  ethereum: {
    rpcUrl: string;
    /** Unset outside demo mode until configured: subscriptions in ETH and USDC-ERC20 are then refused. */
    recipient: string | undefined;
    usdcContract: string;
    minConfirmations: number;
    explorerTxUrl: string;
  };
  solana: {
    rpcUrl: string;
    recipient: string | undefined;
    usdcMint: string;
    /** The commitment a transaction must reach before it counts. */
    commitment: 'confirmed' | 'finalized';
    explorerTxUrl: string;
  };
}

/**
 * The price feed and the chains. In demo mode everything defaults to the simulators this process serves
 * (over loopback, like the Discord simulator) and to demo wallets; otherwise to the public endpoints.
 */
export function loadChainConfig(
  source: NodeJS.ProcessEnv,
  where: { demoMode: boolean; port: number; publicUrl: string },
  invalid: (message: string) => Error,
): ChainConfig {
  const parsed = ChainEnv.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw invalid(`Invalid environment:\n  ${details.join('\n  ')}`);
  }
  const env = parsed.data;
  const local = `http://127.0.0.1:${where.port}`;
  const demo = where.demoMode;
  return {
    priceFeed: {
      url:
        env.PRICE_FEED_URL ??
        (demo ? `${local}${CHAIN_SIMULATOR_PREFIXES.prices}/api/v3` : 'https://api.coingecko.com/api/v3'),
      apiKey: env.PRICE_FEED_API_KEY,
    },
    ethereum: {
      rpcUrl:
        env.ETH_RPC_URL ??
        (demo ? `${local}${CHAIN_SIMULATOR_PREFIXES.ethereum}` : 'https://ethereum-rpc.publicnode.com'),
      recipient: (env.ETH_RECIPIENT_ADDRESS ?? (demo ? DEMO_RECIPIENTS.ethereum : undefined))?.toLowerCase(),
      usdcContract: env.ETH_USDC_CONTRACT.toLowerCase(),
      minConfirmations: env.ETH_MIN_CONFIRMATIONS ?? (demo ? 2 : 12),
      explorerTxUrl:
        env.ETH_EXPLORER_TX_URL ??
        (demo ? `${where.publicUrl}${CHAIN_SIMULATOR_PREFIXES.ethereum}/tx/` : 'https://etherscan.io/tx/'),
    },
    solana: {
      rpcUrl:
        env.SOL_RPC_URL ??
        (demo ? `${local}${CHAIN_SIMULATOR_PREFIXES.solana}` : 'https://api.mainnet-beta.solana.com'),
      recipient: env.SOL_RECIPIENT_ADDRESS ?? (demo ? DEMO_RECIPIENTS.solana : undefined),
      usdcMint: env.SOL_USDC_MINT,
      commitment: env.SOL_COMMITMENT ?? (demo ? 'confirmed' : 'finalized'),
      explorerTxUrl:
        env.SOL_EXPLORER_TX_URL ??
        (demo ? `${where.publicUrl}${CHAIN_SIMULATOR_PREFIXES.solana}/tx/` : 'https://solscan.io/tx/'),
    },
  };
}
