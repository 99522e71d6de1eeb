import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/all.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** People of Elo Demonstração who left: inactive in the users list (they cannot sign in). */
const inactiveEmails = ['rodrigo.batista@demo.elo', 'vanessa.lopes@demo.elo'];

/**
 * How long ago the demo employees last came in, in turn (null: never), so that the users list shows
 * every abbreviation of the last access ('Agora', m, h, d, a) and people who never came.
 */
const lastAccessAgo = [
  30_000,
  12 * minute,
  3 * hour,
  2 * day,
  9 * day,
  null,
  45 * day,
  400 * day,
  20 * hour,
  null,
];

/**
 * Seeds the users list's variety in Elo Demonstração, once: the last access of its employees and
 * two inactive people. Nothing happens when the first inactive person is already inactive.
 */
export async function seedUserActivity(deps: { db: Database }): Promise<boolean> {
  const { db } = deps;
  const leavers = await db
    .select({ id: users.id, companyId: users.companyId, active: users.active })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, inactiveEmails));
  if (leavers.length === 0 || leavers.some((person) => !person.active)) return false;
  const companyId = leavers[0]!.companyId;
  const people = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`${users.email} like '%@demo.elo'`))
    .orderBy(users.id);
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const [index, person] of people.entries()) {
      const ago = lastAccessAgo[index % lastAccessAgo.length]!;
      await tx
        .update(users)
        .set({ lastAccessAt: ago === null ? null : new Date(now - ago) })
        .where(eq(users.id, person.id));
    }
    await tx
      .update(users)
      .set({ active: false })
      .where(
        inArray(
          users.id,
          leavers.map((person) => person.id),
        ),
      );
  });
  return true;
}
