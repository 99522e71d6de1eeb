import { AdminPermission, type LoginType } from '@elo/contract/enums';
import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nextVersion, recordAtVersion } from '../../db/schema/columns.ts';
import { personIdentity } from '../../db/person-columns.ts';
import {
  adminPermissions,
  adminTicketGroups,
  adminTicketSubjects,
  catalogItems,
  groupMembers,
  groups,
  userPermissions,
  users,
} from '../../db/schema/all.ts';
import { folded, foldedPattern } from '../../db/text-search.ts';

/** The company's master user is the person whose id is the company's (the spec's idUsuarioPai). */
const isMaster = sql<boolean>`${users.id} = ${users.companyId}`;

/** Who counts as an administrator of the list: flagged so, or the master; never a deleted account. */
const administratorsOf = (companyId: number): SQL =>
  and(
    eq(users.companyId, companyId),
    or(eq(users.isAdministrator, true), isMaster),
    isNull(users.deletedAt),
  )!;

/** One administrator as the list and the form read them. */
const administratorColumns = {
  id: users.id,
  companyId: users.companyId,
  name: users.name,
  email: users.email,
  matricula: users.matricula,
  loginType: users.loginType,
  photoKey: users.photoKey,
  approved: users.approved,
  active: users.active,
  isAdministrator: users.isAdministrator,
  lastAccessAt: users.lastAccessAt,
  version: users.version,
  readCount: sql<number>`(select count(*)::int from ${adminPermissions} ap
    where ap.company_id = ${users.companyId} and ap.user_id = ${users.id} and ap.status = 'L')`,
  editCount: sql<number>`(select count(*)::int from ${adminPermissions} ap
    where ap.company_id = ${users.companyId} and ap.user_id = ${users.id} and ap.status = 'E')`,
};
export type AdministratorRow = Awaited<ReturnType<typeof listAdministrators>>[number];

function searchOf(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = foldedPattern(search);
  return or(
    sql`${folded(sql`${users.name}`)} like ${pattern}`,
    sql`${folded(sql`coalesce(${users.email}, '')`)} like ${pattern}`,
    sql`${folded(sql`coalesce(${users.matricula}, '')`)} like ${pattern}`,
  );
}

/** A page of the company's administrators (the master first, then by name), searched by name, e-mail or login. */
export async function listAdministrators(
  db: Database,
  companyId: number,
  options: { search?: string | undefined; limit: number; offset: number },
) {
  return db
    .select(administratorColumns)
    .from(users)
    .where(and(administratorsOf(companyId), searchOf(options.search)))
    .orderBy(sql`${isMaster} desc`, asc(users.name), asc(users.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** How many administrators the search finds. */
export async function countAdministrators(db: Database, companyId: number, search?: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(and(administratorsOf(companyId), searchOf(search)));
  return row?.total ?? 0;
}

/** One administrator of the company (the master included), or undefined. */
export async function findAdministrator(db: Database, scope: { companyId: number; userId: number }) {
  const [row] = await db
    .select(administratorColumns)
    .from(users)
    .where(and(administratorsOf(scope.companyId), eq(users.id, scope.userId)))
    .limit(1);
  return row;
}

/** A person of the company who is not deleted, administrator or not: the one to promote. */
export async function findPerson(db: Database, scope: { companyId: number; userId: number }) {
  const [row] = await db
    .select({ ...administratorColumns, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.companyId, scope.companyId), eq(users.id, scope.userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** An administrator's statuses (L or E) by permission, and their ticket subjects and groups. */
export async function findAssignments(db: Database, scope: { companyId: number; userId: number }) {
  const where = <T extends typeof adminPermissions | typeof adminTicketSubjects | typeof adminTicketGroups>(
    table: T,
  ) => and(eq(table.companyId, scope.companyId), eq(table.userId, scope.userId));
  const [statuses, subjects, groupRows] = await Promise.all([
    db
      .select({ permission: adminPermissions.permission, status: adminPermissions.status })
      .from(adminPermissions)
      .where(where(adminPermissions)),
    db
      .select({ id: adminTicketSubjects.itemId })
      .from(adminTicketSubjects)
      .where(where(adminTicketSubjects))
      .orderBy(asc(adminTicketSubjects.itemId)),
    db
      .select({ id: adminTicketGroups.groupId })
      .from(adminTicketGroups)
      .where(where(adminTicketGroups))
      .orderBy(asc(adminTicketGroups.groupId)),
  ]);
  return {
    statuses: new Map(statuses.map((row) => [row.permission, row.status as 'L' | 'E'])),
    subjectIds: subjects.map((row) => row.id),
    groupIds: groupRows.map((row) => row.id),
  };
}

/** Employees of the company who are not administrators, searched by name, e-mail or matricula. */
export async function listCandidates(db: Database, companyId: number, search: string, limit: number) {
  return db
    .select({ ...personIdentity, photoKey: users.photoKey })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.isAdministrator, false),
        sql`not ${isMaster}`,
        isNull(users.deletedAt),
        searchOf(search),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}

/** The company's HR ticket subjects (catalogue ASSUNTO_CHAMADO) and its groups, by name. */
export async function listAssignmentOptions(db: Database, companyId: number) {
  const [subjects, groupRows] = await Promise.all([
    db
      .select({ id: catalogItems.id, name: catalogItems.name, active: catalogItems.active })
      .from(catalogItems)
      .where(and(eq(catalogItems.companyId, companyId), eq(catalogItems.kind, 'ASSUNTO_CHAMADO')))
      .orderBy(asc(catalogItems.name)),
    db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(eq(groups.companyId, companyId))
      .orderBy(asc(groups.name)),
  ]);
  return { subjects, groups: groupRows };
}

/** Of these ids, the ones that are the company's HR ticket subjects. */
export async function existingSubjectIds(
  db: Database,
  companyId: number,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.companyId, companyId),
        eq(catalogItems.kind, 'ASSUNTO_CHAMADO'),
        inArray(catalogItems.id, ids),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export { findCompanyGroupIds } from '../../db/company-groups.ts';

/** Whether someone else holds this e-mail (logins carry no company, so an e-mail is unique everywhere). */
export async function emailTaken(db: Database, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether someone else of the company holds this matricula. */
export async function matriculaTaken(
  db: Database,
  companyId: number,
  matricula: string,
  exceptUserId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.matricula, matricula),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * How many of the company's people, other than `exceptUserId`, may edit administrators: approved,
 * active, not deleted administrators holding ADMIN_ADMINISTRADORES at E, and the master while active.
 */
export async function countAdministratorEditors(
  db: Database,
  companyId: number,
  exceptUserId: number,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        ne(users.id, exceptUserId),
        eq(users.active, true),
        isNull(users.deletedAt),
        or(
          isMaster,
          and(
            eq(users.isAdministrator, true),
            eq(users.approved, true),
            sql`exists (select 1 from ${adminPermissions} ap where ap.company_id = ${users.companyId}
              and ap.user_id = ${users.id} and ap.permission = ${AdminPermission.administrators}
              and ap.status = 'E')`,
          ),
        ),
      ),
    );
  return row?.total ?? 0;
}

/** The person's fields the administrator form writes. */
export interface AdministratorValues {
  name: string;
  email: string;
  matricula: string | null;
  loginType: (typeof LoginType)[keyof typeof LoginType];
  approved: boolean;
}

/**
 * A new person, administrator from the start, with the employee permissions given, in the
 * company's default group: signs in with the password set here.
 */
export async function insertAdministrator(
  tx: Database,
  companyId: number,
  values: AdministratorValues & { passwordHash: string; employeePermissions: readonly string[] },
): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({
      companyId,
      name: values.name,
      email: values.email,
      matricula: values.matricula,
      loginType: values.loginType,
      approved: values.approved,
      passwordHash: values.passwordHash,
      isAdministrator: true,
    })
    .returning({ id: users.id });
  const userId = row!.id;
  if (values.employeePermissions.length > 0) {
    await tx
      .insert(userPermissions)
      .values(values.employeePermissions.map((permission) => ({ companyId, userId, permission })));
  }
  const [defaultGroup] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.isDefault, true)))
    .limit(1);
  if (defaultGroup) await tx.insert(groupMembers).values({ companyId, groupId: defaultGroup.id, userId });
  return userId;
}

/**
 * Writes an existing person's administrator fields (and a new password hash when given), bumping
 * their version. With `version`, only while the stored version is that one: answers false when
 * it is not (someone saved since).
 */
export async function updateAdministrator(
  tx: Database,
  scope: { companyId: number; userId: number },
  values: AdministratorValues & { passwordHash?: string | undefined },
  version?: number,
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({
      name: values.name,
      email: values.email,
      matricula: values.matricula,
      loginType: values.loginType,
      approved: values.approved,
      isAdministrator: true,
      version: nextVersion(users.version),
      ...(values.passwordHash === undefined ? {} : { passwordHash: values.passwordHash }),
    })
    .where(recordAtVersion(users, scope.companyId, scope.userId, version))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Replaces an administrator's statuses (a permission at N has no row) and ticket assignments. */
export async function replaceAssignments(
  tx: Database,
  scope: { companyId: number; userId: number },
  values: { statuses: [string, 'L' | 'E'][]; subjectIds: number[]; groupIds: number[] },
): Promise<void> {
  await clearAssignments(tx, scope);
  const { companyId, userId } = scope;
  if (values.statuses.length > 0) {
    await tx
      .insert(adminPermissions)
      .values(values.statuses.map(([permission, status]) => ({ companyId, userId, permission, status })));
  }
  if (values.subjectIds.length > 0) {
    await tx
      .insert(adminTicketSubjects)
      .values(values.subjectIds.map((itemId) => ({ companyId, userId, itemId })));
  }
  if (values.groupIds.length > 0) {
    await tx
      .insert(adminTicketGroups)
      .values(values.groupIds.map((groupId) => ({ companyId, userId, groupId })));
  }
}

/** Removes an administrator's statuses and ticket assignments. */
export async function clearAssignments(tx: Database, scope: { companyId: number; userId: number }) {
  for (const table of [adminPermissions, adminTicketSubjects, adminTicketGroups]) {
    await tx.delete(table).where(and(eq(table.companyId, scope.companyId), eq(table.userId, scope.userId)));
  }
}

/** Makes an administrator an employee again (their employee permissions stay as they were). */
export async function demoteAdministrator(tx: Database, scope: { companyId: number; userId: number }) {
  await clearAssignments(tx, scope);
  await tx
    .update(users)
    .set({ isAdministrator: false, approved: true, version: nextVersion(users.version) })
    .where(and(eq(users.companyId, scope.companyId), eq(users.id, scope.userId)));
}

/**
 * Serialises the writes that can take a company's last administrator editor away: two of them at
 * once would each see the other still there. A transaction-scoped advisory lock per company.
 */
export async function lockAdministratorChanges(tx: Database, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(8413, ${companyId})`);
}
