import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** The rows of a raw query, as the columns it names. */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs SQL text a library wrote with numbered parameters ($1, $2…) through a Drizzle database or
 * transaction: the parameters become Drizzle's, so the statement joins the caller's transaction.
 */
export async function executeSqlIn(
  database: Database,
  text: string,
  values: unknown[] = [],
): Promise<{ rows: unknown[] }> {
  const chunks: SQL[] = text
    .split(/\$(\d+)/)
    // pg sends undefined as null; a Drizzle chunk of undefined would vanish from the text.
    .map((part, index) =>
      index % 2 === 1 ? sql`${sql.param(values[Number(part) - 1] ?? null)}` : sql.raw(part),
    );
  const result = (await database.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
  return { rows: result.rows };
}
