import { z } from 'zod';
import { CRYPTO_SUBSCRIPTION_STATUSES } from '../commerce-rules.js';
import { IdParams } from './audits.js';
import { endpoint } from './endpoint.js';
import { CryptoCurrency } from './payments.js';

/** GET /api/crypto-subscriptions/quote/{usdAmount}: only the monitoring price (50) is sold. */
export const QuoteParams = z.object({ usdAmount: z.coerce.number().positive() });
export const CryptoQuote = z.object({
  /** Display amounts for the list (SOL 2 decimals, ETH 4, USDC 2). */
  solAmount: z.string(),
  ethAmount: z.string(),
  usdcAmount: z.string(),
  nextPaymentDate: z.string(),
});
export type CryptoQuote = z.infer<typeof CryptoQuote>;

export const PaymentDetails = z.object({
  recipientAddress: z.string(),
  currency: CryptoCurrency,
  /** The exact amount to send, rounded up and unique to this subscription's open quote ('0.331'). */
  amount: z.string(),
  quoteExpiresAt: z.string(),
  /** Where the transaction can be looked up once sent; the hash is appended. */
  explorerTxUrlPrefix: z.string(),
});
export type PaymentDetails = z.infer<typeof PaymentDetails>;

export const CryptoSubscription = z.object({
  id: z.string(),
  serverId: z.string(),
  serverName: z.string().nullable(),
  currency: CryptoCurrency,
  usdAmount: z.number(),
  /** The crypto amount of one month at the open quote. */
  monthlyAmount: z.string(),
  status: z.enum(CRYPTO_SUBSCRIPTION_STATUSES),
  isActive: z.boolean(),
  nextPaymentDue: z.string().nullable(),
  createdAt: z.string(),
  paymentDetails: PaymentDetails,
});
export type CryptoSubscription = z.infer<typeof CryptoSubscription>;

export const CreateCryptoSubscriptionRequest = z.object({
  currency: CryptoCurrency,
  usdAmount: z.number().positive(),
  serverId: z.string().uuid('must be a server id'),
});
export const CreateCryptoSubscriptionResponse = z.object({
  subscription: CryptoSubscription,
  paymentDetails: PaymentDetails,
});

export const PayCryptoSubscriptionRequest = z.object({
  transactionHash: z.string().trim().min(1, 'Please enter the transaction hash to verify payment').max(200),
});
/**
 * `verified` once the transaction passed every rule; `pending` while it is real but not yet confirmed
 * (submit again shortly; the hash stays reserved for this user). A transaction that breaks a rule is a 4xx.
 */
export const PayCryptoSubscriptionResponse = z.object({
  verified: z.boolean(),
  pending: z.boolean(),
  message: z.string(),
  subscription: CryptoSubscription,
});
export type PayCryptoSubscriptionResponse = z.infer<typeof PayCryptoSubscriptionResponse>;

export const getCryptoQuote = endpoint({
  name: 'getCryptoQuote',
  method: 'GET',
  path: '/api/crypto-subscriptions/quote/:usdAmount',
  access: 'user',
  summary: 'What a month of monitoring costs in SOL, ETH and USDC at the current rate.',
  params: QuoteParams,
  response: CryptoQuote,
  status: 200,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'UPSTREAM_UNAVAILABLE'],
});

export const createCryptoSubscription = endpoint({
  name: 'createCryptoSubscription',
  method: 'POST',
  path: '/api/crypto-subscriptions',
  access: 'user',
  summary: 'Start a monthly monitoring subscription on one of the caller’s servers, with a quote to pay.',
  body: CreateCryptoSubscriptionRequest,
  response: CreateCryptoSubscriptionResponse,
  status: 201,
  errors: ['BAD_REQUEST', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_UNAVAILABLE'],
});

export const payCryptoSubscription = endpoint({
  name: 'payCryptoSubscription',
  method: 'POST',
  path: '/api/crypto-subscriptions/:id/pay',
  access: 'user',
  summary: 'Verify a transaction hash against the chain and, once it passes, activate or extend the subscription.',
  params: IdParams,
  body: PayCryptoSubscriptionRequest,
  response: PayCryptoSubscriptionResponse,
  status: 200,
  errors: [
    'BAD_REQUEST',
    'UNAUTHORIZED',
    'NOT_FOUND',
    'CONFLICT',
    'TRANSACTION_REJECTED',
    'TRANSACTION_ALREADY_USED',
    'UPSTREAM_UNAVAILABLE',
  ],
});

export const listUserCryptoSubscriptions = endpoint({
  name: 'listUserCryptoSubscriptions',
  method: 'GET',
  path: '/api/crypto-subscriptions/user',
  access: 'user',
  summary: "The caller's crypto subscriptions, newest first.",
  response: z.array(CryptoSubscription),
  status: 200,
  errors: ['UNAUTHORIZED'],
});
