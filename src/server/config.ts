import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WAIVER_DAYS } from '../shared/evidence-rules.js';
import { type BypassConfig, loadBypassConfig } from './config-bypass.js';
import { loadNowPaymentsConfig, type NowPaymentsConfig } from './config-nowpayments.js';
import { loadStripeConfig, type StripeConfig } from './config-stripe.js';
import { type ChainConfig, loadChainConfig } from './config-chain.js';

/** Path prefix under which the Discord simulator is served when no real Discord app is configured. */
export const DISCORD_SIMULATOR_PREFIX = '/_sim/discord';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const commaList = optionalString.transform((value) =>
  value === undefined
    ? []
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: optionalString,
  PUBLIC_URL: optionalString,
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: optionalString,
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, _ . - only')
    .default('rampart'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: optionalString,
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  ADMIN_DISCORD_IDS: commaList,
  DISCORD_CLIENT_ID: optionalString,
  DISCORD_CLIENT_SECRET: optionalString,
  DISCORD_BOT_TOKEN: optionalString,
  DISCORD_API_URL: optionalString,
  DISCORD_AUTHORIZE_URL: optionalString,
  DISCORD_USE_PKCE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  VERIFY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  TRUST_PROXY: optionalString,
  DEMO_MODE: z.enum(['true', 'false']).optional(),
  INSTANCE_ID: optionalString,
  WAIVER_DAYS: z.coerce.number().int().positive().max(3650).default(DEFAULT_WAIVER_DAYS),
  MONITORING_SWEEP_SECONDS: z.coerce.number().int().positive().max(86_400).default(60),
  /** The staff sign-in form for test accounts: on in demo mode, off by default otherwise. */
  TEST_ACCOUNT_SIGN_IN: z.enum(['true', 'false']).optional(),
  /** Turns GET /metrics on; scrapers send it as a bearer token. */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
});

export type Env = z.infer<typeof EnvSchema>;

export interface DiscordConfig {
  clientId: string;
  clientSecret: string;
  botToken: string;
  /** REST base without the version, e.g. https://discord.com/api */
  apiUrl: string;
  authorizeUrl: string;
  usePkce: boolean;
}

export interface AppConfig {
  port: number;
  /** Interface to listen on: loopback by default in demo mode (see DEMO_MODE). */
  host: string;
  publicUrl: string;
  /** Stable across restarts of one instance; marks the audit leases it holds (docs/decisions/0010). */
  instanceId: string;
  /** True when no real Discord app is configured: the simulator is served and demo data seeded. */
  demoMode: boolean;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  redisUrl: string | undefined;
  /** Starts every Redis key and channel, so deployments (or test runs) sharing one Redis never see each other's. */
  redisKeyPrefix: string;
  logLevel: Env['LOG_LEVEL'];
  sessionSecret: string;
  sessionTtlMs: number;
  secureCookies: boolean;
  adminDiscordIds: ReadonlySet<string>;
  discord: DiscordConfig;
  authRateLimitPerMinute: number;
  /** Requests per minute per client on the public certificate page's API and the badges. */
  verifyRateLimitPerMinute: number;
  bodyLimitBytes: number;
  webDistDir: string;
  /** Fastify's trustProxy: false, or the proxy addresses/CIDRs whose X-Forwarded-For is believed. */
  trustProxy: false | string[];
  /** How long a waiver granted by approved evidence applies to later audits. */
  waiverDays: number;
  /** How often each instance looks for monitored servers due a scheduled audit (MONITORING_SWEEP_SECONDS). */
  monitoringSweepMs: number;
  /** Whether test accounts may sign in with a username and password (TEST_ACCOUNT_SIGN_IN). */
  testAccountSignIn: boolean;
  bypass: BypassConfig;
  /** The bearer token GET /metrics requires; undefined: the endpoint is off (404). */
  metricsToken: string | undefined;
  /** Crypto invoices (null: not configured, so not offered). */
  nowPayments: NowPaymentsConfig | null;
  /** Card payments (config-stripe.ts); null when not configured outside demo mode. */
  stripe: StripeConfig | null;
  /** The price feed and the Ethereum and Solana endpoints of the monthly crypto subscription. */
  chain: ChainConfig;
}

/** Client id and secret of the simulated Discord application (demo and test mode only). */
export const SIMULATED_DISCORD_APP = {
  clientId: '1300000000000000001',
  clientSecret: 'simulated-client-secret',
  botToken: 'simulated-bot-token',
} as const;

/** Discord ids of the demo accounts; the admin is an admin by default in demo mode. */
export const DEMO_ADMIN_DISCORD_ID = '1100000000000000003';

const DEMO_SESSION_SECRET = 'rampart-demo-mode-secret-not-for-production-use';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${details.join('\n  ')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const demoMode = env.DISCORD_CLIENT_ID === undefined;
  // The simulator lets anyone sign in as the demo admin: never serve it on a public address by accident.
  const demoOnLoopbackOnly = demoMode && env.DEMO_MODE !== 'true';
  if (demoOnLoopbackOnly && !isLoopback(publicUrl)) {
    throw new ConfigError(
      `DISCORD_CLIENT_ID is not set, so Rampart would run in demo mode, where anyone can sign in as the demo admin, at ${publicUrl}. ` +
        'Configure a Discord application (see the README), or set DEMO_MODE=true to serve the demo on this address on purpose.',
    );
  }
  if (demoOnLoopbackOnly && env.HOST !== undefined && !isLoopbackHost(env.HOST)) {
    throw new ConfigError(
      `DISCORD_CLIENT_ID is not set, so Rampart would run in demo mode, where anyone can sign in as the demo admin, and HOST=${env.HOST} would let the network in. ` +
        'Leave HOST unset to listen on loopback only, or set DEMO_MODE=true to serve the demo on the network on purpose.',
    );
  }

  if (!demoMode) {
    const missing = (['DISCORD_CLIENT_SECRET', 'DISCORD_BOT_TOKEN', 'SESSION_SECRET'] as const).filter(
      (key) => env[key] === undefined,
    );
    if (missing.length > 0) {
      throw new ConfigError(`With DISCORD_CLIENT_ID set, these are required too: ${missing.join(', ')}`);
    }
  }
  const sessionSecret = env.SESSION_SECRET ?? DEMO_SESSION_SECRET;
  if (sessionSecret.length < 32) {
    throw new ConfigError('SESSION_SECRET must be at least 32 characters');
  }

  // The browser reaches the simulator's consent page at PUBLIC_URL; the server calls its API over loopback.
  const simulatorBase = `${publicUrl}${DISCORD_SIMULATOR_PREFIX}`;
  const simulatorApiBase = `http://127.0.0.1:${env.PORT}${DISCORD_SIMULATOR_PREFIX}`;
  const discord: DiscordConfig = demoMode
    ? {
        ...SIMULATED_DISCORD_APP,
        apiUrl: env.DISCORD_API_URL ?? `${simulatorApiBase}/api`,
        authorizeUrl: env.DISCORD_AUTHORIZE_URL ?? `${simulatorBase}/oauth2/authorize`,
        usePkce: env.DISCORD_USE_PKCE,
      }
    : {
        clientId: env.DISCORD_CLIENT_ID ?? '',
        clientSecret: env.DISCORD_CLIENT_SECRET ?? '',
        botToken: env.DISCORD_BOT_TOKEN ?? '',
        apiUrl: env.DISCORD_API_URL ?? 'https://discord.com/api',
        authorizeUrl: env.DISCORD_AUTHORIZE_URL ?? 'https://discord.com/oauth2/authorize',
        usePkce: env.DISCORD_USE_PKCE,
      };

  const adminDiscordIds = new Set(env.ADMIN_DISCORD_IDS);
  if (demoMode && env.ADMIN_DISCORD_IDS.length === 0) adminDiscordIds.add(DEMO_ADMIN_DISCORD_ID);

  return {
    port: env.PORT,
    host: env.HOST ?? (demoOnLoopbackOnly ? '127.0.0.1' : '0.0.0.0'),
    publicUrl,
    instanceId: env.INSTANCE_ID ?? defaultInstanceId(env),
    demoMode,
    database:
      env.DATABASE_URL === undefined
        ? { kind: 'pglite', dataDir: env.DATA_DIR }
        : { kind: 'postgres', url: env.DATABASE_URL },
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    logLevel: env.LOG_LEVEL,
    sessionSecret,
    sessionTtlMs: env.SESSION_TTL_HOURS * 60 * 60 * 1000,
    secureCookies: publicUrl.startsWith('https://'),
    adminDiscordIds,
    discord,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    verifyRateLimitPerMinute: env.VERIFY_RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    webDistDir: env.WEB_DIST_DIR,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    waiverDays: env.WAIVER_DAYS,
    monitoringSweepMs: env.MONITORING_SWEEP_SECONDS * 1000,
    testAccountSignIn: env.TEST_ACCOUNT_SIGN_IN === undefined ? demoMode : env.TEST_ACCOUNT_SIGN_IN === 'true',
    metricsToken: env.METRICS_TOKEN,
    bypass: loadBypassConfig(source, { demoMode, sessionSecret }),
    nowPayments: loadNowPaymentsConfig(source, { demoMode, publicUrl, port: env.PORT }, (m) => new ConfigError(m)),
    stripe: loadStripeConfig(source, { demoMode, port: env.PORT, publicUrl, invalid: (m) => new ConfigError(m) }),
    chain: loadChainConfig(source, { demoMode, port: env.PORT, publicUrl }, (message) => new ConfigError(message)),
  };
}

function isLoopback(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

/** A listening address or host name that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}

/**
 * The embedded database is locked to one process, so its directory names the instance. On PostgreSQL
 * two live processes on one host cannot listen on the same port; INSTANCE_ID names instances whose
 * host name changes on restart.
 */
function defaultInstanceId(env: Env): string {
  return env.DATABASE_URL === undefined ? `embedded:${path.resolve(env.DATA_DIR)}` : `${os.hostname()}:${env.PORT}`;
}

function parseTrustProxy(value: string | undefined): false | string[] {
  if (value === undefined || value === 'false') return false;
  // `true` believes whatever X-Forwarded-For a client sends, so anyone could pick the address rate limits key on.
  if (value === 'true') {
    throw new ConfigError(
      'TRUST_PROXY must list the proxy addresses or CIDRs (e.g. 10.0.0.0/8), not true: true would trust any client-sent X-Forwarded-For',
    );
  }
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
