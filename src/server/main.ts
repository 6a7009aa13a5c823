import path from 'node:path';
import { type AppConfig, ConfigError, isLoopbackHost, loadConfig } from './config.js';
import { CHAIN_SIMULATOR_PREFIXES } from './config-chain.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { DirectoryLockedError } from './db/directory-lock.js';
import type { DescribedDemoAccount } from './demo/accounts.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // The app's modules load while the database starts (PGlite reads and compiles its WebAssembly off the
  // main thread), rather than one after the other.
  const modules = loadModules(config);
  modules.catch(() => {
    // Reported where it is awaited; a database that fails first must not leave this one unhandled.
  });
  const database = await openDatabase(config.database);
  try {
    await serve(config, database, await modules);
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function loadModules(config: AppConfig) {
  const [{ buildApp }, demo] = await Promise.all([
    import('./app.js'),
    config.demoMode
      ? Promise.all([
          import('./demo/accounts.js'),
          import('./demo/seed.js'),
          // Loaded here for buildApp, which imports it again (from the module cache) to mount the simulator.
          import('./demo/discord-simulator.js'),
        ])
      : undefined,
  ]);
  return {
    buildApp,
    demo: demo && {
      accounts: demo[0].demoAccounts(),
      alertWebhookUrl: demo[0].demoAlertWebhookUrl(),
      seed: demo[1].seedDemoData,
    },
  };
}

async function serve(
  config: AppConfig,
  database: DatabaseHandle,
  { buildApp, demo }: Awaited<ReturnType<typeof loadModules>>,
): Promise<void> {
  await database.migrate();

  const accounts = demo?.accounts ?? [];
  if (demo !== undefined && (await demo.seed(database.db, accounts))) {
    console.info('Seeded demo data into the empty database.');
  }

  // Demo mode's clock can be moved forward (POST /_sim/clock/advance), so scheduled re-audits can be shown.
  const demoClock = config.demoMode ? (await import('./demo/demo-clock.js')).createDemoClock() : undefined;
  const app = await buildApp({
    config,
    database,
    ...(demoClock === undefined ? {} : { now: demoClock.now, demoClock }),
    // Runs call Discord (in demo mode, this very process): the worker starts once the port listens.
    runAuditWorker: false,
    serveDiscordSimulator: config.demoMode,
    serveNowPaymentsSimulator: config.demoMode,
    serveStripeSimulator: config.demoMode,
    serveChainSimulators: config.demoMode,
    ...(config.database.kind === 'pglite'
      ? { simulatorStatePath: path.join(config.database.dataDir, 'discord-simulator.json') }
      : {}),
  });

  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // Runs in flight finish, or go back to the queue, while their Discord (maybe our simulator) still answers.
      await app.auditWorker.stop(GRACEFUL_STOP_MS);
      app.log.info('audit worker stopped');
      await app.close();
      app.log.info('app closed');
    } finally {
      await database.close();
    }
    console.info('Rampart stopped cleanly.');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));

  try {
    await app.listen({
      port: config.port,
      host: config.host,
      // Only PUBLIC_URL works in a browser (cookies are per host name), so the log names no other URL.
      listenTextResolver: (address) => `listening on ${new URL(address).host}`,
    });
  } catch (error) {
    await app.close();
    throw error;
  }
  if (!shuttingDown) await app.auditWorker.start();
  printBanner(config, database.kind, accounts, demo?.alertWebhookUrl);
}

/** Audits take seconds: a stop waits this long for running ones, then hands the rest back to the queue. */
const GRACEFUL_STOP_MS = 10_000;

function printBanner(
  config: AppConfig,
  databaseKind: string,
  accounts: readonly DescribedDemoAccount[],
  alertWebhookUrl: string | undefined,
): void {
  const url = config.publicUrl;
  const lines = [
    ``,
    `Rampart is running. Open ${url}  (database: ${databaseKind}${config.demoMode ? ', demo mode' : ''})`,
  ];
  if (config.demoMode) {
    lines.push(
      `Sign in: press "Sign in with Discord", pick a demo account on the simulated Discord consent page, press Authorize.`,
      `Demo accounts:`,
      ...accounts.map((account) => {
        const admin = config.adminDiscordIds.has(account.discordId) ? ' [admin]' : '';
        return `  - ${account.globalName} (${account.username}#${account.discriminator})${admin}: ${account.description}`;
      }),
      ...(config.bypass.demoCode === null
        ? []
        : [`Bypass code for the paywall's Admin Login dialog: ${config.bypass.demoCode}`]),
      `Crypto payments: send them from the simulated wallet at ${url}${CHAIN_SIMULATOR_PREFIXES.wallet} and paste the hash it shows.`,
      ...(alertWebhookUrl === undefined
        ? []
        : [`Drift alerts to Discord (Monitoring card on the Audits page): paste ${alertWebhookUrl}`]),
    );
    const stripeSimulator = config.stripe?.simulator;
    if (stripeSimulator) {
      lines.push(`Card payments go to a simulated Stripe, where nothing is charged: ${stripeSimulator.publicUrl}`);
    }
    if (isLoopbackHost(config.host)) {
      lines.push(
        `Listening on loopback only (${config.host}): other machines cannot reach this demo, where anyone can sign in as its admin.`,
        `To serve it on your network on purpose, set DEMO_MODE=true and PUBLIC_URL to the address others will open.`,
      );
    }
  }
  lines.push(`Press Ctrl-C to stop.`, ``);
  console.info(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(
      `Port ${process.env.PORT ?? 5000} is already in use. Stop the other process, or set PORT to a free port.`,
    );
  } else {
    console.error('Rampart failed to start:', error);
  }
  process.exit(1);
});
