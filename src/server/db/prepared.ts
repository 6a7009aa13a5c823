import type { Database } from './client.js';

/**
 * A statement built and prepared once per database handle, then reused: the hot read path then skips
 * Drizzle's per-call SQL building. Keyed weakly, so a closed handle (each test opens its own) takes its
 * statements with it. Works the same on PGlite and node-postgres.
 */
export function preparedPerDatabase<Statement>(prepare: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
