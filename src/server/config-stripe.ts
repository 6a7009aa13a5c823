import { z } from 'zod';

/**
 * Card payments through Stripe. With a real Discord app (production), STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET come together or not at all (then card checkout answers that it is unavailable).
 * In demo mode they default to the simulator's account, served on its own port (STRIPE_SIMULATOR_PORT,
 * PORT+1 by default) since stripe-node addresses a host and port, never a path.
 */

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Origin of the API: https://api.stripe.com, or a simulator's. */
  apiBase: string;
  /** Demo mode: where this process serves its own Stripe simulator; null when Stripe is elsewhere. */
  simulator: { port: number; publicUrl: string } | null;
}

/** The simulated Stripe account of demo mode (test keys of no account anywhere). */
export const SIMULATED_STRIPE_ACCOUNT = {
  secretKey: 'sk_test_rampart_simulated_account',
  webhookSecret: 'whsec_rampart_simulated_endpoint_secret',
} as const;

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const StripeEnv = z.object({
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional.pipe(z.string().url().optional()),
  STRIPE_SIMULATOR_PORT: optional
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .pipe(z.number().int().min(1).max(65535).optional()),
});

/**
 * `app.invalid` makes the error the process stops with (config.ts's ConfigError, passed in so the two
 * files do not import each other).
 */
export function loadStripeConfig(
  source: NodeJS.ProcessEnv,
  app: { demoMode: boolean; port: number; publicUrl: string; invalid: (message: string) => Error },
): StripeConfig | null {
  const parsed = StripeEnv.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw app.invalid(`Invalid environment:\n  ${details.join('\n  ')}`);
  }
  const env = parsed.data;
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw app.invalid('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  if (env.STRIPE_SECRET_KEY !== undefined && env.STRIPE_WEBHOOK_SECRET !== undefined) {
    return {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE ?? 'https://api.stripe.com',
      simulator: null,
    };
  }
  if (!app.demoMode) return null;
  const port = env.STRIPE_SIMULATOR_PORT ?? app.port + 1;
  const publicUrl = new URL(app.publicUrl);
  publicUrl.port = String(port);
  return {
    ...SIMULATED_STRIPE_ACCOUNT,
    // The server calls the simulator over loopback; browsers open its hosted page beside PUBLIC_URL.
    apiBase: env.STRIPE_API_BASE ?? `http://127.0.0.1:${port}`,
    simulator: env.STRIPE_API_BASE === undefined ? { port, publicUrl: publicUrl.origin } : null,
  };
}
