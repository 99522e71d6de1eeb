import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  groupMembers,
  groups,
  scimGroupLinks,
  scimTokens,
  scimUserLinks,
  users,
} from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

// ---- Tokens ----

/** The company's live token (its dates only: the token itself is never kept). */
export async function findLiveToken(db: Database, companyId: number) {
  const [row] = await db
    .select({ id: scimTokens.id, createdAt: scimTokens.createdAt, lastUsedAt: scimTokens.lastUsedAt })
    .from(scimTokens)
    .where(and(eq(scimTokens.companyId, companyId), isNull(scimTokens.revokedAt)))
    .limit(1);
  return row;
}

/** Revokes the company's live token, if any; answers whether there was one. */
export async function revokeLiveToken(db: Database, companyId: number): Promise<boolean> {
  const rows = await db
    .update(scimTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(scimTokens.companyId, companyId), isNull(scimTokens.revokedAt)))
    .returning({ id: scimTokens.id });
  return rows.length > 0;
}

/** Stores a new live token's hash for the company. */
export async function insertToken(db: Database, companyId: number, tokenHash: string, createdBy: number) {
  const [row] = await db
    .insert(scimTokens)
    .values({ companyId, tokenHash, createdBy })
    .returning({ createdAt: scimTokens.createdAt });
  return row!;
}

/** The live token with this hash: its id and company. */
export async function findTokenByHash(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ id: scimTokens.id, companyId: scimTokens.companyId })
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)))
    .limit(1);
  return row;
}

/** Notes the token's use, at most once a minute (a write per provisioning call would be wasted). */
export async function touchToken(db: Database, tokenId: number): Promise<void> {
  await db
    .update(scimTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(scimTokens.id, tokenId),
        or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, sql`now() - interval '1 minute'`)),
      ),
    );
}

// ---- People ----

/** What a provisioned person is made of, as SCIM shows them. */
export interface ScimPersonRow {
  id: number;
  name: string;
  loginType: string;
  email: string | null;
  matricula: string | null;
  mobilePhone: string | null;
  active: boolean;
  createdAt: Date;
  externalId: string | null;
  groups: { id: number; name: string }[];
}

/** How a list of people is narrowed in the database before SCIM's own filter runs. */
export interface PersonLookup {
  id?: number | undefined;
  /** The sign-in login (e-mail, case-insensitive, or matricula). */
  login?: string | undefined;
  externalId?: string | undefined;
}

/** The company's people (not deleted) matching the lookup, by id, with their groups. */
export async function findPeople(
  db: Database,
  companyId: number,
  lookup: PersonLookup,
): Promise<ScimPersonRow[]> {
  const conditions: (SQL | undefined)[] = [eq(users.companyId, companyId), isNull(users.deletedAt)];
  if (lookup.id !== undefined) conditions.push(eq(users.id, lookup.id));
  if (lookup.login !== undefined) {
    conditions.push(
      sql`(case when ${users.loginType} = 'MATRICULA' then ${users.matricula} = ${lookup.login}
        else lower(${users.email}) = lower(${lookup.login}) end)`,
    );
  }
  if (lookup.externalId !== undefined) conditions.push(eq(scimUserLinks.externalId, lookup.externalId));
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      loginType: users.loginType,
      email: users.email,
      matricula: users.matricula,
      mobilePhone: users.mobilePhone,
      active: users.active,
      createdAt: users.createdAt,
      externalId: scimUserLinks.externalId,
    })
    .from(users)
    .leftJoin(scimUserLinks, and(eq(scimUserLinks.userId, users.id), eq(scimUserLinks.companyId, companyId)))
    .where(and(...conditions))
    .orderBy(asc(users.id));
  if (rows.length === 0) return [];
  const memberships = await db
    .select({ userId: groupMembers.userId, id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.companyId, companyId),
        inArray(
          groupMembers.userId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(groups.id));
  const byUser = new Map<number, { id: number; name: string }[]>();
  for (const { userId, id, name } of memberships) {
    byUser.set(userId, [...(byUser.get(userId) ?? []), { id, name }]);
  }
  return rows.map((row) => ({ ...row, groups: byUser.get(row.id) ?? [] }));
}

/** Sets (or clears, with null) the person's identifier in the identity provider. */
export async function setUserLink(
  db: Database,
  person: TenantScope,
  externalId: string | null,
): Promise<void> {
  if (externalId === null) {
    await db
      .delete(scimUserLinks)
      .where(and(eq(scimUserLinks.companyId, person.companyId), eq(scimUserLinks.userId, person.userId)));
    return;
  }
  await db
    .insert(scimUserLinks)
    .values({ companyId: person.companyId, userId: person.userId, externalId })
    .onConflictDoUpdate({ target: scimUserLinks.userId, set: { externalId } });
}

/** Forgets a person's identifier in the identity provider (an erasure). */
export const deleteUserLink = (db: Database, person: TenantScope) => setUserLink(db, person, null);

/** Of these ids, the company's people (not deleted). */
export async function findCompanyPeopleIds(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids), isNull(users.deletedAt)));
  return rows.map((row) => row.id);
}

// ---- Groups ----

/** A group as SCIM shows it. */
export interface ScimGroupRow {
  id: number;
  name: string;
  isDefault: boolean;
  createdAt: Date;
  externalId: string | null;
  /** Whether provisioning holds it (made or taken over by an identity provider). */
  linked: boolean;
  /** Its members by hand (SCIM manages those; members by a rule stay the rule's). */
  members: { id: number; name: string }[];
}

/** How a list of groups is narrowed in the database before SCIM's own filter runs. */
export interface GroupLookup {
  id?: number | undefined;
  name?: string | undefined;
  externalId?: string | undefined;
}

/** The company's groups matching the lookup, by id, with their members by hand. */
export async function findGroups(
  db: Database,
  companyId: number,
  lookup: GroupLookup,
): Promise<ScimGroupRow[]> {
  const conditions: (SQL | undefined)[] = [eq(groups.companyId, companyId)];
  if (lookup.id !== undefined) conditions.push(eq(groups.id, lookup.id));
  if (lookup.name !== undefined) conditions.push(sql`lower(${groups.name}) = lower(${lookup.name})`);
  if (lookup.externalId !== undefined) conditions.push(eq(scimGroupLinks.externalId, lookup.externalId));
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      isDefault: groups.isDefault,
      createdAt: groups.createdAt,
      externalId: scimGroupLinks.externalId,
      linked: sql<boolean>`${scimGroupLinks.groupId} is not null`,
    })
    .from(groups)
    .leftJoin(
      scimGroupLinks,
      and(eq(scimGroupLinks.groupId, groups.id), eq(scimGroupLinks.companyId, companyId)),
    )
    .where(and(...conditions))
    .orderBy(asc(groups.id));
  if (rows.length === 0) return [];
  const members = await db
    .select({ groupId: groupMembers.groupId, id: users.id, name: users.name })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(
      and(
        eq(groupMembers.companyId, companyId),
        eq(groupMembers.byHand, true),
        isNull(users.deletedAt),
        inArray(
          groupMembers.groupId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(users.id));
  const byGroup = new Map<number, { id: number; name: string }[]>();
  for (const { groupId, id, name } of members) {
    byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), { id, name }]);
  }
  return rows.map((row) => ({ ...row, members: byGroup.get(row.id) ?? [] }));
}

/** Sets (or clears, with null) the identity provider's group a portal group stands for. */
export async function setGroupLink(
  db: Database,
  companyId: number,
  groupId: number,
  externalId: string | null,
): Promise<void> {
  await db
    .insert(scimGroupLinks)
    .values({ companyId, groupId, externalId })
    .onConflictDoUpdate({ target: scimGroupLinks.groupId, set: { externalId } });
}
