import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { personPlacement, personRecord } from '../../db/person-columns.ts';
import { nextVersion, recordAtVersion } from '../../db/schema/columns.ts';
import { companies, groupMembers, groups, userPermissions, users } from '../../db/schema/all.ts';
import { folded, foldedPattern } from '../../db/text-search.ts';

/** What the users list may be filtered by. */
export interface UserFilter {
  search?: string | undefined;
  active?: boolean | undefined;
  unitId?: number | undefined;
  branchId?: number | undefined;
  sectorId?: number | undefined;
  jobTitleId?: number | undefined;
  groupId?: number | undefined;
}

/** The company's people that are not deleted, matching the filter. */
function whereOf(companyId: number, filter: UserFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(users.companyId, companyId), isNull(users.deletedAt)];
  if (filter.search) {
    const pattern = foldedPattern(filter.search);
    conditions.push(
      sql`(${folded(sql`${users.name}`)} like ${pattern}
        or ${folded(sql`coalesce(${users.email}, '')`)} like ${pattern}
        or ${folded(sql`coalesce(${users.matricula}, '')`)} like ${pattern})`,
    );
  }
  if (filter.active !== undefined) conditions.push(eq(users.active, filter.active));
  if (filter.unitId !== undefined) conditions.push(eq(users.unitId, filter.unitId));
  if (filter.branchId !== undefined) conditions.push(eq(users.branchId, filter.branchId));
  if (filter.sectorId !== undefined) conditions.push(eq(users.sectorId, filter.sectorId));
  if (filter.jobTitleId !== undefined) conditions.push(eq(users.jobTitleId, filter.jobTitleId));
  if (filter.groupId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${groupMembers} where ${groupMembers.userId} = ${users.id}
        and ${groupMembers.groupId} = ${filter.groupId} and ${groupMembers.companyId} = ${companyId})`,
    );
  }
  return and(...conditions)!;
}

const summaryColumns = {
  id: users.id,
  name: users.name,
  matricula: users.matricula,
  email: users.email,
  photoKey: users.photoKey,
  active: users.active,
  lastAccessAt: users.lastAccessAt,
  ...personPlacement,
};

/** A page of the company's people matching the filter, by name. */
export async function listUsers(
  db: Database,
  companyId: number,
  filter: UserFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select(summaryColumns)
    .from(users)
    .where(whereOf(companyId, filter))
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type UserSummaryRow = Awaited<ReturnType<typeof listUsers>>[number];

/**
 * The company's people matching the filter, by name, as the import template has them: their
 * record, placement names and the names of their groups (by name, case ignored).
 */
export async function listUsersForExport(
  db: Database,
  companyId: number,
  filter: UserFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      ...personRecord,
      ...personPlacement,
      // Qualified by hand: drizzle writes a one-table select's columns without their table.
      groupNames: sql<string[]>`coalesce((select array_agg(g.name order by lower(g.name), g.id)
        from ${groupMembers} gm join ${groups} g on g.id = gm.group_id
        where gm.user_id = "users"."id" and gm.company_id = ${companyId}), '{}')`,
    })
    .from(users)
    .where(whereOf(companyId, filter))
    .orderBy(asc(users.name), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type UserExportRow = Awaited<ReturnType<typeof listUsersForExport>>[number];

/** How many of the company's people match the filter. */
export async function countUsers(db: Database, companyId: number, filter: UserFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(whereOf(companyId, filter));
  return row?.total ?? 0;
}

/**
 * One person of the company (not deleted), as the user form edits them, with the groups they are
 * in by hand (those they are in only by a group's rule are the groups module's to tell).
 */
export async function findUser(db: Database, companyId: number, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      name: users.name,
      loginType: users.loginType,
      email: users.email,
      matricula: users.matricula,
      mobilePhone: users.mobilePhone,
      unitId: users.unitId,
      branchId: users.branchId,
      sectorId: users.sectorId,
      jobTitleId: users.jobTitleId,
      birthDate: users.birthDate,
      admissionDate: users.admissionDate,
      profileText: users.profileText,
      photoKey: users.photoKey,
      active: users.active,
      firstAccessPending: users.firstAccessPending,
      isAdministrator: users.isAdministrator,
      lastAccessAt: users.lastAccessAt,
      createdAt: users.createdAt,
      version: users.version,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const memberships = await db
    .select({ groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(
      and(
        eq(groupMembers.companyId, companyId),
        eq(groupMembers.userId, userId),
        eq(groupMembers.byHand, true),
      ),
    )
    .orderBy(asc(groupMembers.groupId));
  return { ...row, groupIds: memberships.map((entry) => entry.groupId) };
}
export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/**
 * Whether the e-mail (anyone's, whatever the company: it signs one person in) or the matricula
 * (within the company) is already someone else's.
 */
export async function findTaken(
  db: Database,
  companyId: number,
  values: { email: string | null; matricula: string | null; exceptUserId: number | undefined },
) {
  const others = values.exceptUserId === undefined ? undefined : ne(users.id, values.exceptUserId);
  const [email] = values.email
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${values.email})`, others))
        .limit(1)
    : [];
  const [matricula] = values.matricula
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.matricula, values.matricula), others))
        .limit(1)
    : [];
  return { email: email !== undefined, matricula: matricula !== undefined };
}

export { findCatalogItems } from '../../db/catalog-items.ts';

export { findCompanyGroupIds, listGroupChoices } from '../../db/company-groups.ts';

/** The company's default group, if any. */
export async function findDefaultGroupId(db: Database, companyId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.isDefault, true)))
    .limit(1);
  return row?.id;
}

/** The person's fields the user form writes. */
export interface UserValues {
  name: string;
  loginType: string;
  email: string | null;
  matricula: string | null;
  mobilePhone: string | null;
  unitId: number | null;
  branchId: number | null;
  sectorId: number | null;
  jobTitleId: number | null;
  /** Null only for people provisioned without one (SCIM, the import): the form asks for it. */
  birthDate: string | null;
  admissionDate: string | null;
  profileText: string | null;
  active: boolean;
}

/** Creates a person with a provisional password (first access pending) and the employee permissions. */
export async function insertUser(
  db: Database,
  companyId: number,
  values: UserValues & { passwordHash: string },
  permissions: readonly string[],
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ companyId, ...values, firstAccessPending: true })
    .returning({ id: users.id });
  const userId = row!.id;
  if (permissions.length > 0) {
    await db
      .insert(userPermissions)
      .values(permissions.map((permission) => ({ companyId, userId, permission })));
  }
  return userId;
}

/**
 * Changes a person's fields (and password, when given) and bumps their version. With `version`,
 * only while the stored version is that one: answers false when it is not (someone saved since).
 */
export async function updateUser(
  db: Database,
  companyId: number,
  userId: number,
  values: UserValues & { passwordHash?: string | undefined },
  version?: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, version: nextVersion(users.version) })
    .where(recordAtVersion(users, companyId, userId, version))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Makes the person a member by hand of exactly these groups, keeping what they had in the ones
 * they stay in. A group they are in by one of its rules keeps them, by rule (the form shows those
 * apart and the save refuses to name one they are in only by rule: editing.ts).
 */
export async function replaceGroups(
  db: Database,
  companyId: number,
  userId: number,
  groupIds: number[],
): Promise<void> {
  const mine = and(eq(groupMembers.companyId, companyId), eq(groupMembers.userId, userId));
  const leaving =
    groupIds.length === 0
      ? mine
      : and(mine, sql`${groupMembers.groupId} <> all(${`{${groupIds.join(',')}}`}::int[])`);
  await db
    .update(groupMembers)
    .set({ byHand: false })
    .where(and(leaving, eq(groupMembers.byRule, true)));
  await db.delete(groupMembers).where(and(leaving, eq(groupMembers.byRule, false)));
  if (groupIds.length > 0) {
    await db
      .insert(groupMembers)
      .values(groupIds.map((groupId) => ({ companyId, groupId, userId })))
      .onConflictDoNothing();
  }
}

/** Sets a person's photo; answers the key it replaced. */
export async function updatePhoto(
  db: Database,
  companyId: number,
  userId: number,
  photoKey: string,
): Promise<{ previous: string | null } | undefined> {
  const [row] = await db
    .select({ photoKey: users.photoKey })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!row) return undefined;
  await db
    .update(users)
    .set({ photoKey })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return { previous: row.photoKey };
}

/** Of these people of the company (not deleted), their names and whether each is active. */
export async function findPeople(db: Database, companyId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, active: users.active, isAdministrator: users.isAdministrator })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
}

/** Activates or deactivates these people of the company. */
export async function setActive(db: Database, companyId: number, userIds: number[], active: boolean) {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ active, version: nextVersion(users.version) })
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
}

/** The company's name and logo, for the invitation e-mail. */
export async function findCompany(db: Database, companyId: number) {
  const [row] = await db
    .select({ name: companies.name, logoKey: companies.logoKey })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

/**
 * Of these people of the company (not deleted), what decides whether the first-access invitation
 * may go to them; with `lock`, their rows stay locked until the transaction ends.
 */
export async function findInvitees(
  db: Database,
  companyId: number,
  userIds: number[],
  options: { lock?: boolean } = {},
) {
  if (userIds.length === 0) return [];
  const query = db
    .select({
      id: users.id,
      name: users.name,
      loginType: users.loginType,
      email: users.email,
      matricula: users.matricula,
      mobilePhone: users.mobilePhone,
      language: users.language,
      birthDate: users.birthDate,
      active: users.active,
      firstAccessPending: users.firstAccessPending,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  return options.lock ? query.for('update') : query;
}
export type Invitee = Awaited<ReturnType<typeof findInvitees>>[number];

/** Replaces the provisional password of a person whose first access is still pending. */
export async function setProvisionalPassword(
  db: Database,
  companyId: number,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.firstAccessPending, true)));
}
