/**
 * The commerce side's fixed facts, zod-free so the server, the web and the simulators share them:
 * the price list (integer US cents; the server never takes an amount from the client), what each
 * purchasable product grants, the crypto assets with their decimals, and the coupon rules.
 */

export const PRICE_LIST_CENTS = {
  DIY: 35_000,
  FULL_SERVICE: 100_000,
  EXTRA_AUDIT: 5_000,
  AUDIT_REPORT: 50_000,
  FIX_PACKAGE: 100_000,
  ANNUAL_RECERTIFICATION: 30_000,
  MONITORING_MONTHLY: 5_000,
} as const;

/** What an order buys. MONITORING is the monthly crypto subscription's payment. */
export const ORDER_PRODUCTS = ['DIY', 'FULL_SERVICE', 'EXTRA_AUDIT', 'MONITORING'] as const;
export type OrderProduct = (typeof ORDER_PRODUCTS)[number];

export const ORDER_PRODUCT_LABELS: Record<OrderProduct, string> = {
  DIY: 'DIY Audit',
  FULL_SERVICE: 'Full Service',
  EXTRA_AUDIT: 'Additional audit',
  MONITORING: 'Monitoring (monthly)',
};

export const ORDER_PRODUCT_PRICE_CENTS: Record<OrderProduct, number> = {
  DIY: PRICE_LIST_CENTS.DIY,
  FULL_SERVICE: PRICE_LIST_CENTS.FULL_SERVICE,
  EXTRA_AUDIT: PRICE_LIST_CENTS.EXTRA_AUDIT,
  MONITORING: PRICE_LIST_CENTS.MONITORING_MONTHLY,
};

/** The plans the paywall's checkout sells, as the client names them ('FULL' is Full Service). */
export const CHECKOUT_PLANS = ['DIY', 'FULL', 'EXTRA_AUDIT'] as const;
export type CheckoutPlan = (typeof CHECKOUT_PLANS)[number];

export const PRODUCT_OF_CHECKOUT_PLAN: Record<CheckoutPlan, Exclude<OrderProduct, 'MONITORING'>> = {
  DIY: 'DIY',
  FULL: 'FULL_SERVICE',
  EXTRA_AUDIT: 'EXTRA_AUDIT',
};

export const PAYMENT_PROVIDERS = ['stripe', 'nowpayments', 'crypto'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Stored order states; the billing page shows completed, pending, and anything else as failed. */
export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'expired', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type PaymentDisplayStatus = 'completed' | 'pending' | 'failed';
export function paymentDisplayStatus(status: string): PaymentDisplayStatus {
  return status === 'completed' || status === 'pending' ? status : 'failed';
}

/** The monthly crypto subscription's currencies, their chains, and how many decimals each is shown with. */
export const CRYPTO_CURRENCIES = ['SOL', 'ETH', 'USDC-SPL', 'USDC-ERC20'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

export const CRYPTO_CHAIN: Record<CryptoCurrency, 'solana' | 'ethereum'> = {
  SOL: 'solana',
  ETH: 'ethereum',
  'USDC-SPL': 'solana',
  'USDC-ERC20': 'ethereum',
};

/** Base units per whole coin, as powers of ten. */
export const CRYPTO_BASE_DECIMALS: Record<CryptoCurrency, number> = {
  SOL: 9,
  ETH: 18,
  'USDC-SPL': 6,
  'USDC-ERC20': 6,
};

/** Decimals of the amount to send (rounded up): ETH 6, SOL 3, USDC 2. */
export const CRYPTO_DISPLAY_DECIMALS: Record<CryptoCurrency, number> = {
  SOL: 3,
  ETH: 6,
  'USDC-SPL': 2,
  'USDC-ERC20': 2,
};

/** The quote list on the dialog's first step shows SOL at 2 decimals and ETH at 4. */
export const CRYPTO_QUOTE_LIST_DECIMALS = { SOL: 2, ETH: 4, USDC: 2 } as const;

export const MONITORING_USD = PRICE_LIST_CENTS.MONITORING_MONTHLY / 100;
export const CRYPTO_QUOTE_TTL_MINUTES = 30;
/** A subscription is reminded this many days before its next payment falls due. */
export const SUBSCRIPTION_REMINDER_DAYS = 3;

export const CRYPTO_SUBSCRIPTION_STATUSES = ['awaiting_payment', 'active', 'lapsed', 'cancelled'] as const;
export type CryptoSubscriptionStatus = (typeof CRYPTO_SUBSCRIPTION_STATUSES)[number];

/** Coupons: codes are AUDIT- and 8 random characters; only the last 4 are ever shown after creation. */
export const COUPON_CODE_PREFIX = 'AUDIT-';
export const COUPON_RANDOM_LENGTH = 8;
export const COUPON_VISIBLE_SUFFIX = 4;
export const COUPON_DEFAULT_MAX_USES = 1;

export type CouponDisplayStatus = 'Revoked' | 'Expired' | 'Exhausted' | 'Active';
export function couponDisplayStatus(
  coupon: { revoked: boolean; expiresAt: string | null; uses: number; maxUses: number },
  now: Date,
): CouponDisplayStatus {
  if (coupon.revoked) return 'Revoked';
  if (coupon.expiresAt !== null && new Date(coupon.expiresAt).getTime() <= now.getTime()) return 'Expired';
  if (coupon.uses >= coupon.maxUses) return 'Exhausted';
  return 'Active';
}

export function maskCouponCode(last4: string): string {
  return `••••${last4}`;
}

/**
 * What the server says when a redemption is refused. Each message carries its error code and the phrase
 * the paywall form looks for (part 2 §8), so both readings of one answer pick the right text.
 */
export const COUPON_REFUSAL_MESSAGES = {
  COUPON_NOT_FOUND: 'COUPON_NOT_FOUND: Coupon not found',
  COUPON_REVOKED: 'COUPON_REVOKED: This coupon has been revoked',
  COUPON_EXPIRED: 'COUPON_EXPIRED: This coupon has expired',
  COUPON_SERVER_RESTRICTED: 'COUPON_SERVER_RESTRICTED: This coupon is not valid for the specified server',
  COUPON_EXHAUSTED: 'COUPON_EXHAUSTED: This coupon has reached its usage limit',
  USER_ALREADY_REDEEMED: 'USER_ALREADY_REDEEMED: You have already used this coupon on this server',
  SERVER_NOT_FOUND: 'Server not found',
} as const;

/** Wrong coupon or bypass codes allowed per account and per client address in the window, then 429. */
export const CODE_GUESS_LIMIT = 5;
export const CODE_GUESS_WINDOW_MINUTES = 15;
