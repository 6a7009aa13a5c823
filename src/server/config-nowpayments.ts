import { z } from 'zod';

/** Path prefix under which the NOWPayments simulator is served in demo mode. */
export const NOWPAYMENTS_SIMULATOR_PREFIX = '/_sim/nowpayments';

/** The simulated merchant account's API key and IPN secret (demo and test mode only). */
export const SIMULATED_NOWPAYMENTS_ACCOUNT = {
  apiKey: 'simulated-nowpayments-api-key',
  ipnSecret: 'simulated-nowpayments-ipn-secret',
} as const;

export const NOWPAYMENTS_WEBHOOK_PATH = '/api/webhooks/nowpayments';

export interface NowPaymentsConfig {
  /** REST base with the version, e.g. https://api.nowpayments.io/v1 */
  apiBase: string;
  apiKey: string;
  /** Signs IPN callbacks; the same value as "IPN secret key" in the NOWPayments dashboard. */
  ipnSecret: string;
  /** Where NOWPayments posts callbacks: our webhook on PUBLIC_URL unless NOWPAYMENTS_IPN_URL says otherwise. */
  ipnCallbackUrl: string;
}

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));
const optionalUrl = optionalString.pipe(z.string().url().optional());

const NowPaymentsEnv = z.object({
  NOWPAYMENTS_API_BASE: optionalUrl,
  NOWPAYMENTS_API_KEY: optionalString,
  NOWPAYMENTS_IPN_SECRET: optionalString,
  NOWPAYMENTS_IPN_URL: optionalUrl,
});

/**
 * NOWPayments' settings. In demo and test mode they default to the simulator served in this process; with a
 * real Discord app crypto invoices are off (null) until both the API key and the IPN secret are set.
 */
export function loadNowPaymentsConfig(
  source: NodeJS.ProcessEnv,
  app: { demoMode: boolean; publicUrl: string; port: number },
  configError: (message: string) => Error,
): NowPaymentsConfig | null {
  const parsed = NowPaymentsEnv.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw configError(`Invalid environment:\n  ${details.join('\n  ')}`);
  }
  const env = parsed.data;
  // In demo mode the server reaches the simulator, and the simulator the webhook, over loopback.
  const loopback = `http://127.0.0.1:${app.port}`;
  const ipnCallbackUrl =
    env.NOWPAYMENTS_IPN_URL ?? `${app.demoMode ? loopback : app.publicUrl}${NOWPAYMENTS_WEBHOOK_PATH}`;
  const stripSlash = (url: string) => url.replace(/\/$/, '');
  if (app.demoMode) {
    return {
      apiBase: stripSlash(env.NOWPAYMENTS_API_BASE ?? `${loopback}${NOWPAYMENTS_SIMULATOR_PREFIX}/v1`),
      apiKey: env.NOWPAYMENTS_API_KEY ?? SIMULATED_NOWPAYMENTS_ACCOUNT.apiKey,
      ipnSecret: env.NOWPAYMENTS_IPN_SECRET ?? SIMULATED_NOWPAYMENTS_ACCOUNT.ipnSecret,
      ipnCallbackUrl,
    };
  }
  if (env.NOWPAYMENTS_API_KEY === undefined && env.NOWPAYMENTS_IPN_SECRET === undefined) return null;
  if (env.NOWPAYMENTS_API_KEY === undefined || env.NOWPAYMENTS_IPN_SECRET === undefined) {
    throw configError('NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET are needed together');
  }
  return {
    apiBase: stripSlash(env.NOWPAYMENTS_API_BASE ?? 'https://api.nowpayments.io/v1'),
    apiKey: env.NOWPAYMENTS_API_KEY,
    ipnSecret: env.NOWPAYMENTS_IPN_SECRET,
    ipnCallbackUrl,
  };
}
