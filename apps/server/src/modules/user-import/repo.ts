import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nextVersion } from '../../db/schema/columns.ts';
import { personRecord } from '../../db/person-columns.ts';
import { catalogItems, groupMembers, groups, userPermissions, users } from '../../db/schema/all.ts';

/** Rows per statement: well under PostgreSQL's 65,535 parameters with every column of a person. */
const chunkSize = 500;

function chunks<T>(values: T[], size = chunkSize): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < values.length; at += size) out.push(values.slice(at, at + size));
  return out;
}

/** Everyone of the company (deleted people too: their matricula stays taken), as an import compares them. */
export async function listCompanyPeople(db: Database, companyId: number) {
  return db
    .select({
      ...personRecord,
      unitId: users.unitId,
      branchId: users.branchId,
      sectorId: users.sectorId,
      jobTitleId: users.jobTitleId,
      active: users.active,
      isAdministrator: users.isAdministrator,
      deleted: sql<boolean>`${users.deletedAt} is not null`,
    })
    .from(users)
    .where(eq(users.companyId, companyId));
}
export type CompanyPerson = Awaited<ReturnType<typeof listCompanyPeople>>[number];

/** Of these e-mails (lower case), the ones people of other companies hold: an e-mail signs one person in. */
export async function findForeignEmails(
  db: Database,
  companyId: number,
  emails: string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(emails, 2000)) {
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(ne(users.companyId, companyId), inArray(sql`lower(${users.email})`, part)));
    for (const row of rows) taken.add(row.email);
  }
  return taken;
}

/** The company's groups: id, name and whether it is the default one. */
export async function listCompanyGroups(db: Database, companyId: number) {
  return db
    .select({ id: groups.id, name: groups.name, isDefault: groups.isDefault })
    .from(groups)
    .where(eq(groups.companyId, companyId));
}

/** Who is in which of the company's groups by hand (the file's groups; rules add their own). */
export async function listMemberships(db: Database, companyId: number) {
  return db
    .select({ userId: groupMembers.userId, groupId: groupMembers.groupId })
    .from(groupMembers)
    .where(and(eq(groupMembers.companyId, companyId), eq(groupMembers.byHand, true)));
}

/** The company's catalogue items' names by id (to compare a person's unit and the like). */
export async function listCatalogItemNames(db: Database, companyId: number) {
  return db
    .select({ id: catalogItems.id, name: catalogItems.name })
    .from(catalogItems)
    .where(eq(catalogItems.companyId, companyId));
}

/** A person's fields an import writes. */
export interface ImportedPerson {
  name: string;
  email: string | null;
  matricula: string | null;
  loginType: string;
  mobilePhone: string | null;
  birthDate: string | null;
  admissionDate: string | null;
  unitId: number | null;
  branchId: number | null;
  sectorId: number | null;
  jobTitleId: number | null;
}

/**
 * Creates people in batches, each with the provisional password hash, first access pending and
 * the employee permissions; answers their ids in the order given.
 */
export async function insertPeople(
  db: Database,
  companyId: number,
  people: ImportedPerson[],
  passwordHash: string,
  permissions: readonly string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(people)) {
    const rows = await db
      .insert(users)
      .values(
        part.map((person) => ({
          companyId,
          ...person,
          passwordHash,
          firstAccessPending: true,
          active: true,
        })),
      )
      .returning({ id: users.id, email: users.email, matricula: users.matricula });
    // Every new person has an e-mail or a matricula unique in the file: map the ids back by them.
    const byKey = new Map(rows.map((row) => [keyOf(row), row.id]));
    for (const person of part) ids.push(byKey.get(keyOf(person))!);
  }
  const grants = ids.flatMap((userId) =>
    permissions.map((permission) => ({ companyId, userId, permission })),
  );
  for (const part of chunks(grants, 2000)) await db.insert(userPermissions).values(part);
  return ids;
}

const keyOf = (person: { email: string | null; matricula: string | null }) =>
  person.matricula ? `m:${person.matricula}` : `e:${person.email!.toLowerCase()}`;

/** Changes people's fields in batches (one UPDATE … FROM (VALUES …) per batch). */
export async function updatePeople(
  db: Database,
  companyId: number,
  people: (ImportedPerson & { id: number })[],
): Promise<void> {
  for (const part of chunks(people)) {
    const values = sql.join(
      part.map(
        (person) =>
          sql`(${person.id}::int, ${person.name}::varchar, ${person.email}::varchar, ${person.matricula}::varchar, ${person.loginType}::varchar, ${person.mobilePhone}::varchar, ${person.birthDate}::date, ${person.admissionDate}::date, ${person.unitId}::int, ${person.branchId}::int, ${person.sectorId}::int, ${person.jobTitleId}::int)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      update users set
        name = v.name, email = v.email, matricula = v.matricula, login_type = v.login_type,
        mobile_phone = v.mobile_phone, birth_date = v.birth_date, admission_date = v.admission_date,
        unit_id = v.unit_id, branch_id = v.branch_id, sector_id = v.sector_id, job_title_id = v.job_title_id,
        version = users.version + 1
      from (values ${values}) as v(id, name, email, matricula, login_type, mobile_phone, birth_date,
        admission_date, unit_id, branch_id, sector_id, job_title_id)
      where users.id = v.id and users.company_id = ${companyId}`);
  }
}

/**
 * Adds and removes group memberships by hand (user, group) in batches; a person also in a group
 * by one of its rules stays in it, by rule.
 */
export async function changeMemberships(
  db: Database,
  companyId: number,
  added: { userId: number; groupId: number }[],
  removed: { userId: number; groupId: number }[],
): Promise<void> {
  for (const part of chunks(removed)) {
    const pairs = sql.join(
      part.map((pair) => sql`(${pair.userId}::int, ${pair.groupId}::int)`),
      sql`, `,
    );
    await db.execute(sql`
      update group_members set by_hand = false
      where company_id = ${companyId} and by_rule and (user_id, group_id) in (values ${pairs})`);
    await db.execute(sql`
      delete from group_members
      where company_id = ${companyId} and not by_rule and (user_id, group_id) in (values ${pairs})`);
  }
  for (const part of chunks(added, 2000)) {
    await db
      .insert(groupMembers)
      .values(part.map((pair) => ({ companyId, ...pair, byHand: true })))
      .onConflictDoUpdate({ target: [groupMembers.groupId, groupMembers.userId], set: { byHand: true } });
  }
}

/** Deactivates these people of the company. */
export async function deactivatePeople(db: Database, companyId: number, userIds: number[]): Promise<void> {
  for (const part of chunks(userIds, 5000)) {
    await db
      .update(users)
      .set({ active: false, version: nextVersion(users.version) })
      .where(and(eq(users.companyId, companyId), inArray(users.id, part), isNull(users.deletedAt)));
  }
}
