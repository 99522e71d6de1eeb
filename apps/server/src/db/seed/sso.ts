import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { groups, ssoConfigs, ssoDomains, users } from '../schema/all.ts';

/**
 * Seeds Outra Indústria's corporate sign-in settings once (nothing happens when it has any): an
 * OpenID Connect provider in Keycloak's shape, its domain, a group mapping and its master as the
 * break-glass administrator, left off (no real provider answers at that address), so the
 * administration shows a filled screen and its test reports what is wrong in words, while
 * passwords keep working for everyone. docs/sso.md says how to point it at a real provider.
 */
export async function seedSso(deps: { db: Database }): Promise<boolean> {
  const { db } = deps;
  const [master] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@outra.elo'`);
  if (!master) return false;
  const [existing] = await db
    .select({ companyId: ssoConfigs.companyId })
    .from(ssoConfigs)
    .where(eq(ssoConfigs.companyId, master.companyId));
  if (existing) return false;
  const [factory] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, master.companyId), eq(groups.name, 'Fábrica')));
  await db.insert(ssoConfigs).values({
    companyId: master.companyId,
    protocol: 'OIDC',
    active: false,
    issuer: 'https://login.outra.elo/realms/outra',
    clientId: 'portal-elo',
    loginClaim: 'email',
    groupsClaim: 'groups',
    groupMappings: factory ? [{ value: 'fabrica', groupId: factory.id }] : [],
    createUsers: true,
    ssoOnly: false,
    exceptionUserIds: [master.id],
  });
  await db
    .insert(ssoDomains)
    .values({ domain: 'outra.elo', companyId: master.companyId })
    .onConflictDoNothing();
  return true;
}
