import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PROJECT_ROOT } from '../project-root.js';
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from './change-feed.js';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration from ./drizzle; a database already current costs two small queries. */
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

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'drizzle');

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; loadDataDir: Blob | File; dataDir?: undefined }
  | { kind: 'postgres'; url: string };

/** Only the chosen driver is loaded: PGlite's and node-postgres's modules cost start-up time. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options.url) : openPglite(options);
}

/** The creation time drizzle-kit gave the newest migration in ./drizzle (its journal's last `when`). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Drizzle's migrator records each applied migration's creation time and applies those newer than the last
 * one recorded; when the last recorded is the newest in ./drizzle there is nothing to do, and its own
 * run (schema and table DDL, file hashing, a transaction) is skipped.
 */
async function migrationsPending(db: Database): Promise<boolean> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (table?.present !== true) return true;
  const [last] = await queryRows<{ createdAt: string | null }>(
    db,
    sql`select max(created_at)::text as "createdAt" from drizzle.__drizzle_migrations`,
  );
  return last?.createdAt == null || Number(last.createdAt) < newestMigrationMillis();
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  let lock: DirectoryLock | undefined;
  let client: PGlite;
  if (options.dataDir !== undefined) {
    const dataDir = path.resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDirectoryLock(dataDir);
    try {
      client = await createPglite({ dataDir: path.join(dataDir, 'pglite') });
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await createPglite({ loadDataDir: options.loadDataDir });
  }
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      if (!(await migrationsPending(db))) return;
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
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

async function createPglite(options: { dataDir: string } | { loadDataDir: Blob | File }): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({
    ...options,
    // PostgreSQL's default 128 MB of shared buffers are allocated and zeroed inside PGlite's WebAssembly memory
    // at every start; 32 MB hold this database's working set many times over.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
}

/** The advisory lock (by the hash of this name) held while an instance migrates a PostgreSQL database. */
const MIGRATION_LOCK = 'rampart:migrations';

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
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
    migrate: async () => {
      // Instances started together would each create drizzle's table and apply the same migrations, and all but
      // one would fail: one migrates under a session lock, the others wait for it and then find nothing pending.
      const lockHolder = await pool.connect();
      try {
        await lockHolder.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
        try {
          if (!(await migrationsPending(nodePgDb as unknown as Database))) return;
          const { migrate } = await import('drizzle-orm/node-postgres/migrator');
          await migrate(nodePgDb, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await lockHolder.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
        }
      } finally {
        lockHolder.release();
      }
    },
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
