import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.js';
import { requirePostgresUrl, withDatabase } from './global-setup.js';

/**
 * A fresh, migrated database for one test file: a PGlite clone or a PostgreSQL database made from the
 * template. On PostgreSQL `url` lets a test open a second handle, as a second instance would.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const adminUrl = requirePostgresUrl();
    const name = `${inject('postgresRunPrefix')}${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateDatabase')}`);
    } finally {
      await admin.end();
    }
    const handle = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name) });
    const url = withDatabase(adminUrl, name);
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplatePath'));
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
}
