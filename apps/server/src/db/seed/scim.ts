import { and, count, eq, sql } from 'drizzle-orm';
import { generateToken, hashToken } from '../../platform/auth/tokens.ts';
import type { Database } from '../client.ts';
import { groups, scimGroupLinks, scimTokens, scimUserLinks, users } from '../schema/all.ts';

/**
 * Seeds Elo Demonstração's SCIM provisioning once (nothing happens when it has had any token): a
 * live token nobody knows (made five days ago, last used two hours ago), so the app settings' card
 * shows a working set-up ('Gerar novo token' gives one to paste into a test identity provider),
 * the group Tecnologia held by the provider's group `demo-entra-tecnologia`, and Maria Silva and
 * Carlos Pereira known by the provider's ids `demo-entra-maria` and `demo-entra-carlos`.
 */
export async function seedScim(deps: { db: Database }): Promise<boolean> {
  const { db } = deps;
  const [master] = await db
    .select({ companyId: users.companyId, id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@demo.elo'`);
  if (!master) return false;
  const { companyId } = master;
  const [existing] = await db
    .select({ total: count() })
    .from(scimTokens)
    .where(eq(scimTokens.companyId, companyId));
  if ((existing?.total ?? 0) > 0) return false;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  await db.insert(scimTokens).values({
    companyId,
    tokenHash: hashToken(`elo_scim_${generateToken()}`),
    createdBy: master.id,
    createdAt: hoursAgo(5 * 24),
    lastUsedAt: hoursAgo(2),
  });
  const [technology] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.name, 'Tecnologia')));
  if (technology) {
    await db
      .insert(scimGroupLinks)
      .values({ companyId, groupId: technology.id, externalId: 'demo-entra-tecnologia' })
      .onConflictDoNothing();
  }
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        sql`lower(${users.email}) in ('maria.silva@demo.elo', 'carlos.pereira@demo.elo')`,
      ),
    );
  for (const person of people) {
    const externalId = person.email?.startsWith('maria') ? 'demo-entra-maria' : 'demo-entra-carlos';
    await db.insert(scimUserLinks).values({ companyId, userId: person.id, externalId }).onConflictDoNothing();
  }
  return true;
}
