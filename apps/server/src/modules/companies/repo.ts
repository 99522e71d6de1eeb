import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { companies, users } from '../../db/schema/all.ts';

type NewCompany = Omit<typeof companies.$inferInsert, 'id'>;
type NewUser = Omit<typeof users.$inferInsert, 'id' | 'companyId'>;

/**
 * Creates a company with its master user. The company's id is the master's id (the spec's
 * idUsuarioPai equals the master's idUsuario), drawn from the users' identity sequence.
 * Call inside a transaction.
 */
export async function insertCompanyWithMaster(
  db: Database,
  values: { company: NewCompany; master: NewUser },
): Promise<number> {
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`,
  )) as unknown as {
    rows: { id: number }[];
  };
  const id = Number(result.rows[0]!.id);
  await db.insert(companies).values({ ...values.company, id });
  await db.insert(users).values({ ...values.master, id, companyId: id });
  return id;
}
