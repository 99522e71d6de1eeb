import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { DeletionRequestStatus, type DeletionRequestStatusValue } from '@elo/contract/calls/my-account';
import type { Database } from '../../db/client.ts';
import { nextVersion } from '../../db/schema/columns.ts';
import { personPlacement, personRecord } from '../../db/person-columns.ts';
import {
  accountDeletionRequests,
  accountTokens,
  adminPermissions,
  adminTicketGroups,
  adminTicketSubjects,
  companies,
  groupMembers,
  groups,
  sessions,
  smsChallenges,
  userPermissions,
  users,
} from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

/** The statuses of a request still open: waiting for a decision, or being carried out. */
const openStatuses = [DeletionRequestStatus.pending, DeletionRequestStatus.deleting];

/** A person as the company keeps them, with the fields they may change themselves. */
export async function findAccount(db: Database, scope: TenantScope) {
  const [row] = await db
    .select({
      ...personRecord,
      profileText: users.profileText,
      photoKey: users.photoKey,
      active: users.active,
      isAdministrator: users.isAdministrator,
      createdAt: users.createdAt,
      lastAccessAt: users.lastAccessAt,
      ...personPlacement,
      selfEditableFields: companies.selfEditableFields,
      hideCelebrations: users.hideCelebrations,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)))
    .limit(1);
  return row;
}
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** Changes the person's own profile fields given. */
export async function updateOwnProfile(
  db: Database,
  scope: TenantScope,
  values: {
    profileText?: string | null;
    mobilePhone?: string | null;
    photoKey?: string | null;
    hideCelebrations?: boolean;
  },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  // The profile text and phone are the user form's too: the administrators' copy goes stale.
  await db
    .update(users)
    .set({ ...values, version: nextVersion(users.version) })
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)));
}

/** The person's groups with their role in each, default group first. */
export async function listOwnGroups(db: Database, scope: TenantScope) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      isAdmin: groupMembers.isAdmin,
      canPost: groupMembers.canPost,
    })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), eq(groups.companyId, groupMembers.companyId)))
    .where(and(eq(groupMembers.companyId, scope.companyId), eq(groupMembers.userId, scope.userId)))
    .orderBy(desc(groups.isDefault), asc(groups.name));
}

// ------------------------------------------------------------------ deletion requests

const decider = sql<
  string | null
>`(select d.name from ${users} d where d.id = ${accountDeletionRequests.decidedBy})`;

const requestColumns = {
  id: accountDeletionRequests.id,
  comment: accountDeletionRequests.comment,
  status: accountDeletionRequests.status,
  requestedAt: accountDeletionRequests.requestedAt,
  decidedAt: accountDeletionRequests.decidedAt,
  deciderName: decider,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
  userMatricula: users.matricula,
  userPhotoKey: users.photoKey,
};
export type RequestRow = {
  id: number;
  comment: string;
  status: string;
  requestedAt: Date;
  decidedAt: Date | null;
  deciderName: string | null;
  userId: number;
  userName: string;
  userEmail: string | null;
  userMatricula: string | null;
  userPhotoKey: string | null;
};

/** The person's open request, if any. */
export async function findOpenRequestOf(db: Database, scope: TenantScope) {
  const [row] = await db
    .select({
      id: accountDeletionRequests.id,
      comment: accountDeletionRequests.comment,
      status: accountDeletionRequests.status,
      requestedAt: accountDeletionRequests.requestedAt,
    })
    .from(accountDeletionRequests)
    .where(
      and(
        eq(accountDeletionRequests.companyId, scope.companyId),
        eq(accountDeletionRequests.userId, scope.userId),
        inArray(accountDeletionRequests.status, openStatuses),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Opens a request; undefined when one is already open (the one-open index decides, whatever the
 * races).
 */
export async function insertRequest(db: Database, scope: TenantScope, comment: string) {
  const [row] = await db
    .insert(accountDeletionRequests)
    .values({ companyId: scope.companyId, userId: scope.userId, comment })
    .onConflictDoNothing()
    .returning({ id: accountDeletionRequests.id, status: accountDeletionRequests.status });
  return row;
}

/** A page of the company's requests, newest first, optionally of one status. */
export async function pageRequests(
  db: Database,
  companyId: number,
  options: { status?: DeletionRequestStatusValue | undefined; limit: number; offset: number },
) {
  const where = and(
    eq(accountDeletionRequests.companyId, companyId),
    options.status ? eq(accountDeletionRequests.status, options.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(requestColumns)
      .from(accountDeletionRequests)
      .innerJoin(users, eq(users.id, accountDeletionRequests.userId))
      .where(where)
      .orderBy(desc(accountDeletionRequests.requestedAt), desc(accountDeletionRequests.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(accountDeletionRequests).where(where),
  ]);
  return { rows: rows as RequestRow[], total: Number(total?.total ?? 0) };
}

/** One request of the company, locked for a decision when given a transaction that asks. */
export async function findRequest(
  db: Database,
  companyId: number,
  requestId: number,
  options: { lock?: boolean } = {},
): Promise<RequestRow | undefined> {
  const query = db
    .select(requestColumns)
    .from(accountDeletionRequests)
    .innerJoin(users, eq(users.id, accountDeletionRequests.userId))
    .where(and(eq(accountDeletionRequests.companyId, companyId), eq(accountDeletionRequests.id, requestId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: accountDeletionRequests }) : await query;
  return row as RequestRow | undefined;
}

/** Moves a request of the company to a status (with who decided, when an administrator did). */
export async function setRequestStatus(
  db: Database,
  companyId: number,
  requestId: number,
  values: { status: DeletionRequestStatusValue; decidedBy?: number | null; decided?: boolean },
): Promise<void> {
  await db
    .update(accountDeletionRequests)
    .set({
      status: values.status,
      ...(values.decidedBy !== undefined ? { decidedBy: values.decidedBy } : {}),
      ...(values.decided ? { decidedAt: sql`now()` } : {}),
    })
    .where(and(eq(accountDeletionRequests.companyId, companyId), eq(accountDeletionRequests.id, requestId)));
}

/** Deactivates a person: sign-in is refused from now on. */
export async function deactivatePerson(db: Database, scope: TenantScope): Promise<void> {
  await db
    .update(users)
    .set({ active: false })
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)));
}

// ------------------------------------------------------------------ erasure

/** The name a deleted person's content shows from then on. */
export const removedPersonName = 'Usuário removido';

/**
 * Erases a person's personal data for good and keeps the row (their content points at it): the
 * name becomes 'Usuário removido', every other personal field is emptied, the password can never
 * match again, and `deleted_at` is set. Returns the photo key the row held (null when none), or
 * undefined when the person is not of the company.
 */
export async function erasePersonRow(
  db: Database,
  scope: TenantScope,
  unusablePasswordHash: string,
): Promise<{ photoKey: string | null; alreadyErased: boolean } | undefined> {
  const [before] = await db
    .select({ photoKey: users.photoKey, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)))
    .for('update');
  if (!before) return undefined;
  await db
    .update(users)
    .set({
      name: removedPersonName,
      email: null,
      matricula: null,
      mobilePhone: null,
      birthDate: null,
      admissionDate: null,
      profileText: null,
      photoKey: null,
      unitId: null,
      branchId: null,
      sectorId: null,
      jobTitleId: null,
      passwordHash: unusablePasswordHash,
      active: false,
      isAdministrator: false,
      approved: false,
      firstAccessPending: false,
      deletedAt: before.deletedAt ?? sql`now()`,
    })
    .where(and(eq(users.id, scope.userId), eq(users.companyId, scope.companyId)));
  return { photoKey: before.photoKey, alreadyErased: before.deletedAt !== null };
}

/**
 * Removes what ties a deleted person to the company: group memberships, permissions,
 * administrator permissions and ticket assignments, sessions, tokens and codes.
 */
export async function deletePersonLinks(db: Database, scope: TenantScope): Promise<void> {
  const { companyId, userId } = scope;
  await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.companyId, companyId), eq(groupMembers.userId, userId)));
  await db
    .delete(userPermissions)
    .where(and(eq(userPermissions.companyId, companyId), eq(userPermissions.userId, userId)));
  await db
    .delete(adminPermissions)
    .where(and(eq(adminPermissions.companyId, companyId), eq(adminPermissions.userId, userId)));
  await db
    .delete(adminTicketSubjects)
    .where(and(eq(adminTicketSubjects.companyId, companyId), eq(adminTicketSubjects.userId, userId)));
  await db
    .delete(adminTicketGroups)
    .where(and(eq(adminTicketGroups.companyId, companyId), eq(adminTicketGroups.userId, userId)));
  await db.delete(sessions).where(and(eq(sessions.companyId, companyId), eq(sessions.userId, userId)));
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.companyId, companyId), eq(accountTokens.userId, userId)));
  await db
    .delete(smsChallenges)
    .where(and(eq(smsChallenges.companyId, companyId), eq(smsChallenges.userId, userId)));
}

/**
 * Active people of the company with a birthday or a work anniversary (a whole year or more) on
 * this calendar day, unless they keep out of it ("Minha conta"). 29 February counts on 28 February
 * in other years.
 */
export async function listCelebrationsOn(db: Database, companyId: number, day: string) {
  const dayExpr = sql`${day}::date`;
  const sameDay = (column: typeof users.birthDate | typeof users.admissionDate) => sql`(
    (extract(month from ${column}) = extract(month from ${dayExpr})
      and extract(day from ${column}) = extract(day from ${dayExpr}))
    or (extract(month from ${column}) = 2 and extract(day from ${column}) = 29
      and extract(month from ${dayExpr}) = 2 and extract(day from ${dayExpr}) = 28
      and extract(day from (date_trunc('year', ${dayExpr}) + interval '2 months' - interval '1 day')) = 28))`;
  return db
    .select({
      name: users.name,
      photoKey: users.photoKey,
      birthday: sql<boolean>`coalesce(${sameDay(users.birthDate)}, false)`,
      years: sql<
        number | null
      >`case when ${users.admissionDate} < ${dayExpr} and ${sameDay(users.admissionDate)}
        then extract(year from age(${dayExpr}, ${users.admissionDate}))::int end`,
    })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.active, true),
        sql`${users.deletedAt} is null`,
        eq(users.hideCelebrations, false),
        sql`(${sameDay(users.birthDate)} or (${users.admissionDate} < ${dayExpr} and ${sameDay(users.admissionDate)}))`,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * Erasure: empties the comments of a person's deletion requests; a request keeps only its status,
 * its dates and who decided it, as the proof that the erasure was asked for and carried out.
 */
export async function clearDeletionRequestComments(db: Database, scope: TenantScope): Promise<void> {
  await db
    .update(accountDeletionRequests)
    .set({ comment: '' })
    .where(
      and(
        eq(accountDeletionRequests.companyId, scope.companyId),
        eq(accountDeletionRequests.userId, scope.userId),
      ),
    );
}
