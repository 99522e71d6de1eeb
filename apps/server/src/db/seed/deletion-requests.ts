import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { accountDeletionRequests, users } from '../schema/all.ts';

const day = 86_400_000;

/** Who asks, with what words, how many days ago: two requests waiting for the administration. */
const pendingRequests = [
  {
    email: 'otavio.dias@demo.elo',
    comment:
      'Estou saindo da empresa no fim do mês e gostaria que a minha conta do portal fosse excluída, com os meus dados pessoais.',
    daysAgo: 2,
  },
  {
    email: 'paula.moreira@demo.elo',
    comment: 'Não uso mais o portal. Peço a exclusão da minha conta, conforme a LGPD.',
    daysAgo: 1,
  },
];

/**
 * Seeds two pending account deletion requests in Elo Demonstração, once (nothing happens when
 * the company already has requests).
 */
export async function seedDeletionRequests(deps: { db: Database }): Promise<boolean> {
  const { db } = deps;
  const people = await db
    .select({ id: users.id, companyId: users.companyId, email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        pendingRequests.map((request) => request.email),
      ),
    );
  if (people.length === 0) return false;
  const companyId = people[0]!.companyId;
  const [existing] = await db
    .select({ total: count() })
    .from(accountDeletionRequests)
    .where(eq(accountDeletionRequests.companyId, companyId));
  if ((existing?.total ?? 0) > 0) return false;
  const now = Date.now();
  const rows = pendingRequests.flatMap((request) => {
    const person = people.find((row) => row.email?.toLowerCase() === request.email);
    return person
      ? [
          {
            companyId: person.companyId,
            userId: person.id,
            comment: request.comment,
            requestedAt: new Date(now - request.daysAgo * day),
          },
        ]
      : [];
  });
  await db.insert(accountDeletionRequests).values(rows);
  return true;
}
