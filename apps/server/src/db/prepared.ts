import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './client.ts';
import { runPreparedOnPglite } from './pglite-prepared.ts';

const dialect = new PgDialect();

/**
 * A hot statement written once with `sql.placeholder(...)` for its values: its text is built a
 * single time, and on PostgreSQL it runs as a named prepared statement, parsed and planned once
 * per pooled connection (the pool asks for generic plans, see client.ts); on embedded PGlite,
 * once per database through its wire protocol (pglite-prepared.ts), unless it runs in a
 * transaction, where Drizzle runs it. Returns the rows as the driver gives them (JSON parsed).
 */
export function preparedStatement<Row>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const byDatabase = new WeakMap<Database, PgPreparedQuery<PreparedQueryConfig>>();
  const run = (db: Database, values: Record<string, unknown>): Promise<Row[]> =>
    runNamed<Row>(db, name, built, values, byDatabase);
  // The name and text go with it, so a benchmark's bare server can run the very same statement.
  return Object.assign(run, { statementName: name, text: built.sql, params: built.params });
}

/** Whether the database is the embedded PGlite (whose planner, on a smaller table, sometimes picks another plan). */
export function isEmbedded(db: Database): boolean {
  return (db as { $client?: unknown }).$client instanceof PGlite;
}

/**
 * Runs a built statement as the named prepared statement `name`, its placeholders filled from
 * `values`: through PGlite's wire protocol on PGlite, else through Drizzle's prepared query (kept
 * per database in `kept`; node-postgres parses a name once per connection).
 */
async function runNamed<Row>(
  db: Database,
  name: string,
  built: ReturnType<PgDialect['sqlToQuery']>,
  values: Record<string, unknown>,
  kept: WeakMap<Database, PgPreparedQuery<PreparedQueryConfig>>,
): Promise<Row[]> {
  if (isEmbedded(db))
    return runPreparedOnPglite<Row>(
      (db as unknown as { $client: PGlite }).$client,
      { name, text: built.sql },
      fillPlaceholders(built.params, values),
    );
  let prepared = kept.get(db);
  if (!prepared) {
    prepared = db._.session.prepareQuery(built, undefined, name, false);
    kept.set(db, prepared);
  }
  const result = (await prepared.execute(values)) as { rows: Row[] };
  return result.rows;
}
