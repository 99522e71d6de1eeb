import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { nextVersion, recordAtVersion, stillAtVersion } from '../../db/schema/columns.ts';
import {
  adminTicketSubjects,
  catalogItems,
  hrCalendars,
  hrCannedAnswers,
  hrHolidays,
  hrSubjectSettings,
} from '../../db/schema/all.ts';
import type { CalendarSettings } from './business-calendar.ts';
import type { CannedAnswer, CompanyHoliday, VersionedCalendar } from './model.ts';
import type { TicketSubject } from './ticket-subject.ts';

/** The version of a company's calendar that has no row yet (the default calendar). */
export const DEFAULT_CALENDAR_VERSION = 1;

/**
 * The company's calendar settings with their version; undefined when it keeps the default. With
 * `lock`, the row (when there is one) stays locked until the transaction ends.
 */
export async function findCalendar(
  db: Database,
  companyId: number,
  lock = false,
): Promise<VersionedCalendar | undefined> {
  const query = db.select().from(hrCalendars).where(eq(hrCalendars.companyId, companyId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  return {
    settings: {
      // Stored as the weekdays' digits ('12345').
      workingDays: [...row.workingDays].map(Number).sort((a, b) => a - b),
      dayStartMinute: row.dayStartMinute,
      dayEndMinute: row.dayEndMinute,
      timeZone: row.timeZone,
      nationalHolidays: row.nationalHolidays,
    },
    version: row.version,
  };
}

const holidayColumns = {
  id: hrHolidays.id,
  day: hrHolidays.day,
  name: hrHolidays.name,
  version: hrHolidays.version,
};

/** Every day the company set off itself, optionally only one year's. */
export async function listCompanyHolidays(
  db: Database,
  companyId: number,
  year?: number,
): Promise<CompanyHoliday[]> {
  return db
    .select(holidayColumns)
    .from(hrHolidays)
    .where(
      and(
        eq(hrHolidays.companyId, companyId),
        year === undefined ? undefined : sql`extract(year from ${hrHolidays.day}) = ${year}`,
      ),
    )
    .orderBy(asc(hrHolidays.day));
}

/** The ticket subjects' columns: the catalogue item with its HR settings (defaults when none). */
const subjectColumns = {
  id: catalogItems.id,
  name: catalogItems.name,
  active: catalogItems.active,
  confidential: sql<boolean>`coalesce(${hrSubjectSettings.confidential}, false)`,
  firstResponseMinutes: hrSubjectSettings.firstResponseMinutes,
  resolutionMinutes: hrSubjectSettings.resolutionMinutes,
  version: catalogItems.version,
};

/** The company's ticket subjects (ASSUNTO_CHAMADO items) with their settings, by name. */
export async function listSubjectRows(
  db: Database,
  companyId: number,
  subjectId?: number,
): Promise<TicketSubject[]> {
  return db
    .select(subjectColumns)
    .from(catalogItems)
    .leftJoin(hrSubjectSettings, eq(hrSubjectSettings.subjectId, catalogItems.id))
    .where(
      and(
        eq(catalogItems.companyId, companyId),
        eq(catalogItems.kind, 'ASSUNTO_CHAMADO'),
        subjectId === undefined ? undefined : eq(catalogItems.id, subjectId),
      ),
    )
    .orderBy(asc(sql`lower(${catalogItems.name})`), asc(catalogItems.id));
}

/**
 * Locks one of the company's subjects until the transaction ends, so two saves of it take turns
 * and each decides on what the other wrote (its confidentiality above all); answers its version,
 * undefined when it is not the company's subject.
 */
export async function lockSubject(db: Database, companyId: number, subjectId: number) {
  const [row] = await db
    .select({ id: catalogItems.id, version: catalogItems.version })
    .from(catalogItems)
    .where(
      and(
        eq(catalogItems.companyId, companyId),
        eq(catalogItems.kind, 'ASSUNTO_CHAMADO'),
        eq(catalogItems.id, subjectId),
      ),
    )
    .for('update');
  return row;
}

/** How many administrators are assigned to each of the company's ticket subjects. */
export async function countSubjectAssignees(db: Database, companyId: number) {
  const rows = await db
    .select({ subjectId: adminTicketSubjects.itemId, count: sql<number>`count(*)::int` })
    .from(adminTicketSubjects)
    .where(eq(adminTicketSubjects.companyId, companyId))
    .groupBy(adminTicketSubjects.itemId);
  return new Map(rows.map((row) => [row.subjectId, Number(row.count)]));
}

/** Writes a subject's HR settings (the row is created on its first save). */
export async function upsertSubjectSettings(
  db: Database,
  companyId: number,
  subjectId: number,
  values: { confidential: boolean; firstResponseMinutes: number | null; resolutionMinutes: number | null },
): Promise<void> {
  await db
    .insert(hrSubjectSettings)
    .values({ subjectId, companyId, ...values })
    .onConflictDoUpdate({ target: hrSubjectSettings.subjectId, set: values });
}

/**
 * Writes the company's calendar (the row is created on its first save) and bumps its version.
 * With `version`, an existing row is only changed while its stored version is that one: answers
 * false when it is not (someone saved since).
 */
export async function upsertCalendar(
  db: Database,
  companyId: number,
  settings: CalendarSettings,
  version?: number,
): Promise<boolean> {
  const values = {
    workingDays: settings.workingDays.join(''),
    dayStartMinute: settings.dayStartMinute,
    dayEndMinute: settings.dayEndMinute,
    timeZone: settings.timeZone,
    nationalHolidays: settings.nationalHolidays,
  };
  const rows = await db
    .insert(hrCalendars)
    .values({ companyId, ...values, version: DEFAULT_CALENDAR_VERSION + 1 })
    .onConflictDoUpdate({
      target: hrCalendars.companyId,
      set: { ...values, version: nextVersion(hrCalendars.version) },
      setWhere: stillAtVersion(hrCalendars.version, version),
    })
    .returning({ companyId: hrCalendars.companyId });
  return rows.length > 0;
}

/** One of the company's own holidays, locked for the write that follows; undefined when not theirs. */
export async function findHoliday(
  db: Database,
  companyId: number,
  id: number,
): Promise<CompanyHoliday | undefined> {
  const [row] = await db
    .select(holidayColumns)
    .from(hrHolidays)
    .where(and(eq(hrHolidays.companyId, companyId), eq(hrHolidays.id, id)))
    .for('update');
  return row;
}

/** Whether another of the company's holidays falls on the day. */
export async function holidayDayTaken(
  db: Database,
  companyId: number,
  day: string,
  exceptId: number | undefined,
): Promise<boolean> {
  const [row] = await db
    .select({ id: hrHolidays.id })
    .from(hrHolidays)
    .where(
      and(
        eq(hrHolidays.companyId, companyId),
        eq(hrHolidays.day, day),
        exceptId === undefined ? undefined : ne(hrHolidays.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertHoliday(
  db: Database,
  companyId: number,
  values: { day: string; name: string },
): Promise<CompanyHoliday> {
  const [row] = await db
    .insert(hrHolidays)
    .values({ companyId, ...values })
    .returning(holidayColumns);
  return row!;
}

/**
 * Changes one of the company's holidays and bumps its version. With `version`, only while the
 * stored version is that one: answers undefined when it is not (someone saved since).
 */
export async function updateHoliday(
  db: Database,
  companyId: number,
  id: number,
  values: { day: string; name: string },
  version?: number,
): Promise<CompanyHoliday | undefined> {
  const [row] = await db
    .update(hrHolidays)
    .set({ ...values, version: nextVersion(hrHolidays.version) })
    .where(recordAtVersion(hrHolidays, companyId, id, version))
    .returning(holidayColumns);
  return row;
}

export async function deleteHoliday(db: Database, companyId: number, id: number): Promise<void> {
  await db.delete(hrHolidays).where(and(eq(hrHolidays.companyId, companyId), eq(hrHolidays.id, id)));
}

const cannedColumns = {
  id: hrCannedAnswers.id,
  subjectId: hrCannedAnswers.subjectId,
  title: hrCannedAnswers.title,
  body: hrCannedAnswers.body,
};

/** The company's canned answers by title; with a subject, its own and those for every subject. */
export async function listCannedAnswers(
  db: Database,
  companyId: number,
  subjectId?: number,
): Promise<CannedAnswer[]> {
  return db
    .select(cannedColumns)
    .from(hrCannedAnswers)
    .where(
      and(
        eq(hrCannedAnswers.companyId, companyId),
        subjectId === undefined
          ? undefined
          : or(eq(hrCannedAnswers.subjectId, subjectId), isNull(hrCannedAnswers.subjectId)),
      ),
    )
    .orderBy(asc(sql`lower(${hrCannedAnswers.title})`), asc(hrCannedAnswers.id));
}

/** One of the company's canned answers, locked for the write that follows; undefined when not theirs. */
export async function findCannedAnswer(
  db: Database,
  companyId: number,
  id: number,
): Promise<CannedAnswer | undefined> {
  const [row] = await db
    .select(cannedColumns)
    .from(hrCannedAnswers)
    .where(and(eq(hrCannedAnswers.companyId, companyId), eq(hrCannedAnswers.id, id)))
    .for('update');
  return row;
}

export async function insertCannedAnswer(
  db: Database,
  companyId: number,
  values: { subjectId: number | null; title: string; body: string },
): Promise<CannedAnswer> {
  const [row] = await db
    .insert(hrCannedAnswers)
    .values({ companyId, ...values })
    .returning(cannedColumns);
  return row!;
}

export async function updateCannedAnswer(
  db: Database,
  companyId: number,
  id: number,
  values: { subjectId: number | null; title: string; body: string },
): Promise<CannedAnswer> {
  const [row] = await db
    .update(hrCannedAnswers)
    .set(values)
    .where(and(eq(hrCannedAnswers.companyId, companyId), eq(hrCannedAnswers.id, id)))
    .returning(cannedColumns);
  return row!;
}

export async function deleteCannedAnswer(db: Database, companyId: number, id: number): Promise<void> {
  await db
    .delete(hrCannedAnswers)
    .where(and(eq(hrCannedAnswers.companyId, companyId), eq(hrCannedAnswers.id, id)));
}
