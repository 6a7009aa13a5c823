import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.js';
import journal from '../../drizzle/meta/_journal.json' with { type: 'json' };

const adminUrl = process.env.TEST_DATABASE_URL ?? '';

/** Instances started together on an empty database (a first deployment, or an upgrade rolled out to all at once). */
describe('migrations started by several instances at once', () => {
  const name = `scale_out_migrations_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  beforeAll(async () => admin(`CREATE DATABASE ${name}`));
  afterAll(async () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('are applied once, by one of them, while the others wait and then find nothing to do', async () => {
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString() })));
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const applied = await client.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
    } finally {
      await client.end();
    }
  });
});

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
