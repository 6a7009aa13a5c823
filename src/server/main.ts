import path from 'node:path';
import { buildApp } from './app.js';
import { type AppConfig, ConfigError, loadConfig } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { DirectoryLockedError } from './db/directory-lock.js';
import { demoAccounts } from './demo/accounts.js';
import { seedDemoData } from './demo/seed.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await serve(config, database);
  } catch (error) {
    await database.close();
    throw error;
  }
}

async function serve(config: AppConfig, database: DatabaseHandle): Promise<void> {
  await database.migrate();

  const accounts = config.demoMode ? demoAccounts() : [];
  if (config.demoMode && (await seedDemoData(database.db, accounts))) {
    console.info('Seeded demo data into the empty database.');
  }

  const app = await buildApp({
    config,
    database,
    serveDiscordSimulator: config.demoMode,
    ...(config.database.kind === 'pglite' ? { simulatorStatePath: path.join(config.database.dataDir, 'discord-simulator.json') } : {}),
  });

  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await database.close();
    }
    console.info('Rampart stopped cleanly.');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The audit worker started with the app: stop it before the database closes under it.
    await app.close();
    throw error;
  }
  printBanner(config.publicUrl, config.demoMode, database.kind, accounts, config.adminDiscordIds);
}

function printBanner(
  url: string,
  demoMode: boolean,
  databaseKind: string,
  accounts: ReturnType<typeof demoAccounts>,
  adminIds: ReadonlySet<string>,
): void {
  const lines = [``, `Rampart is running at ${url}  (database: ${databaseKind}${demoMode ? ', demo mode' : ''})`];
  if (demoMode) {
    lines.push(
      `Sign in: open ${url}, press "Sign in with Discord", pick a demo account on the simulated Discord consent page, press Authorize.`,
      `Demo accounts:`,
      ...accounts.map((account) => {
        const admin = adminIds.has(account.discordId) ? ' [admin]' : '';
        return `  - ${account.globalName} (${account.username}#${account.discriminator})${admin}: ${account.description}`;
      }),
    );
  }
  lines.push(`Press Ctrl-C to stop.`, ``);
  console.info(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DirectoryLockedError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${process.env.PORT ?? 5000} is already in use. Stop the other process, or set PORT to a free port.`);
  } else {
    console.error('Rampart failed to start:', error);
  }
  process.exit(1);
});
