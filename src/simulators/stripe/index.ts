/** Public surface of the Stripe simulator. */
export { stripeSimulator } from './plugin.js';
export type { StripeSimulatorOptions } from './plugin.js';
export { startStripeSimulator } from './standalone.js';
export type { RunningStripeSimulator, StandaloneStripeOptions } from './standalone.js';
export { StripeSimulatorState } from './state.js';
export type { CheckoutSession, Charge, StripeEvent } from './objects.js';
export type { DeliveryRecord } from './webhooks.js';
