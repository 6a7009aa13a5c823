/** The billing page's data; the paywall's checkout hooks keep keys of their own. */
export const billingKeys = {
  all: ['billing'] as const,
  payments: ['billing', 'payments'] as const,
  cryptoSubscriptions: ['billing', 'crypto-subscriptions'] as const,
};
