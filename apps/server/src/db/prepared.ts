import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Database } from './client.ts';

const dialect = new PgDialect();

/**
 * A hot statement written once with `sql.placeholder(...)` for its values: its text is built a
 * single time, and on PostgreSQL it runs as a named prepared statement, parsed and planned once
 * per pooled connection (the pool asks for generic plans, see client.ts). PGlite runs it as is.
 * Returns the rows as the driver gives them (JSON parsed, timestamps as Date).
 */
export function preparedStatement<Row>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const byDatabase = new WeakMap<Database, PgPreparedQuery<PreparedQueryConfig>>();
  const run = async (db: Database, values: Record<string, unknown>): Promise<Row[]> => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = db._.session.prepareQuery(built, undefined, name, false);
      byDatabase.set(db, prepared);
    }
    const result = (await prepared.execute(values)) as { rows: Row[] };
    return result.rows;
  };
  // The name and text go with it, so a benchmark's bare server can run the very same statement.
  return Object.assign(run, { statementName: name, text: built.sql, params: built.params });
}
