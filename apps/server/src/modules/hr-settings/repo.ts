import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { catalogItems, hrCalendars, hrHolidays, hrSubjectSettings } from '../../db/schema/all.ts';

/** The company's calendar row; undefined when it keeps the default. */
export async function findCalendarRow(db: Database, companyId: number) {
  const [row] = await db.select().from(hrCalendars).where(eq(hrCalendars.companyId, companyId));
  return row;
}

/** Every day the company set off itself, optionally only one year's. */
export async function listCompanyHolidays(db: Database, companyId: number, year?: number) {
  return db
    .select({ id: hrHolidays.id, day: hrHolidays.day, name: hrHolidays.name })
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
};

/** The company's ticket subjects (ASSUNTO_CHAMADO items) with their settings, by name. */
export async function listSubjectRows(db: Database, companyId: number, subjectId?: number) {
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
