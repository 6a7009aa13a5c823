import { writeFile, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateDatabase: string;
    /** Prefix of every PostgreSQL database this run creates, so concurrent runs never drop each other's. */
    postgresRunPrefix: string;
  }
}

/**
 * Migrates one database per run and lets every test file clone it: a fresh PGlite takes seconds,
 * a clone from a dump well under one; PostgreSQL clones with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Global setup runs in the main process, which does not see the project's `env`.
  if (project.config.env?.TEST_DB_KIND === 'postgres') {
    const adminUrl = requirePostgresUrl();
    const runPrefix = `rampart_test_${process.pid}_`;
    const templateDatabase = `${runPrefix}template`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await dropDatabasesOfRun(admin, runPrefix);
    await admin.query(`CREATE DATABASE ${templateDatabase}`);
    const template = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, templateDatabase) });
    await template.migrate();
    await template.close();
    project.provide('postgresTemplateDatabase', templateDatabase);
    project.provide('postgresRunPrefix', runPrefix);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await dropDatabasesOfRun(admin, runPrefix);
      await admin.end();
    };
  }

  const dir = path.join(os.tmpdir(), `rampart-test-template-${process.pid}`);
  await mkdir(dir, { recursive: true });
  const template = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'db') });
  await template.migrate();
  if (template.dumpDataDir === undefined) throw new Error('PGlite handle cannot dump its data directory');
  const dump = await template.dumpDataDir();
  await template.close();
  const dumpPath = path.join(dir, 'template.tar.gz');
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', dumpPath);
  project.provide('postgresTemplateDatabase', '');
  project.provide('postgresRunPrefix', '');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

export function requirePostgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined || url === '') throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  return url;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function dropDatabasesOfRun(admin: pg.Client, runPrefix: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
    [runPrefix],
  );
  for (const { datname } of rows) {
    await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}
