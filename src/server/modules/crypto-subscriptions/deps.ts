import type { Rpc, SolanaRpcApi } from '@solana/kit';
import type { PublicClient } from 'viem';
import type { AppContext } from '../../app-context.js';

/** What the crypto subscription services use: the app's context, a clock, and one client per chain. */
export interface CryptoDeps extends Pick<AppContext, 'db' | 'config' | 'realtime' | 'log'> {
  now: () => Date;
  ethereum: PublicClient;
  solana: Rpc<SolanaRpcApi>;
}
