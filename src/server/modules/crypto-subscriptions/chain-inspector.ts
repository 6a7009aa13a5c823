import type { CryptoCurrency } from '../../../shared/commerce-rules.js';
import type { ChainConfig } from '../../config-chain.js';
import type { Inspection } from './inspection.js';

export interface PaymentToInspect {
  currency: CryptoCurrency;
  hash: string;
  recipient: string;
}
export type InspectPayment = (payment: PaymentToInspect) => Promise<Inspection>;

/**
 * Asks the currency's chain about a payment. viem and @solana/kit are loaded on the first payment checked,
 * not at start-up: together they take about half a second to load, and most starts verify no payment.
 */
export function chainInspector(config: ChainConfig): InspectPayment {
  let ethereum: Promise<InspectPayment> | undefined;
  let solana: Promise<InspectPayment> | undefined;
  return async (payment) => {
    const { currency } = payment;
    if (currency === 'ETH' || currency === 'USDC-ERC20') {
      ethereum ??= import('./ethereum-payments.js').then(({ ethereumClient, inspectEthereumPayment }) => {
        const client = ethereumClient(config.ethereum);
        return async (input) =>
          inspectEthereumPayment(client, config.ethereum, {
            ...input,
            currency: input.currency === 'ETH' ? 'ETH' : 'USDC-ERC20',
          });
      });
      return (await ethereum)(payment);
    }
    solana ??= import('./solana-payments.js').then(({ solanaClient, inspectSolanaPayment }) => {
      const rpc = solanaClient(config.solana);
      return async (input) =>
        inspectSolanaPayment(rpc, config.solana, { ...input, currency: input.currency === 'SOL' ? 'SOL' : 'USDC-SPL' });
    });
    return (await solana)(payment);
  };
}
