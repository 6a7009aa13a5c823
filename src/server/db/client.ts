import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from './change-feed.js';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration from ./drizzle. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** Starts listening to committed changes (docs/decisions/0017); the caller closes the feed before the handle. */
  openChangeFeed(warn: (message: string) => void): Promise<ChangeFeed>;
  /** PGlite only: a gzipped copy of the data directory (tests clone a migrated template from it). */
  dumpDataDir?(): Promise<Blob>;
  /** Flushes to disk (PGlite: CHECKPOINT) and closes; safe to call twice. */
  close(): Promise<void>;
}

/** SQLSTATE 57P01: the server ended the connection on purpose (shutdown, or a database being dropped). */
const ADMIN_SHUTDOWN = '57P01';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../drizzle');

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; loadDataDir: Blob | File; dataDir?: undefined }
  | { kind: 'postgres'; url: string };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options.url) : openPglite(options);
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  let lock: DirectoryLock | undefined;
  let client: PGlite;
  if (options.dataDir !== undefined) {
    const dataDir = path.resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDirectoryLock(dataDir);
    try {
      client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir });
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    openChangeFeed: () => pgliteChangeFeed(client),
    dumpDataDir: async () => client.dumpDataDir('gzip'),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.query('CHECKPOINT');
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (restart, failover) must not crash the process: the pool replaces it.
  pool.on('error', (error: Error & { code?: string }) => {
    if (error.code !== ADMIN_SHUTDOWN) console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  const nodePgDb = drizzleNodePg({ client: pool, schema });
  await nodePgDb.execute(sql`select 1`);
  let closed = false;
  return {
    db: nodePgDb as unknown as Database,
    kind: 'postgres',
    migrate: () => migrateNodePg(nodePgDb, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pool.query('select 1');
    },
    openChangeFeed: (warn) => postgresChangeFeed({ url, warn }),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Raw SQL rows; both drivers answer `{ rows }`, which Drizzle's shared type does not say. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
