import type { Database } from '../../db/client.ts';
import {
  buildBusinessCalendar,
  DEFAULT_CALENDAR,
  type BusinessCalendar,
  type CalendarSettings,
} from './business-calendar.ts';
import { findCalendarRow, listCompanyHolidays, listSubjectRows } from './repo.ts';

export type { BusinessCalendar } from './business-calendar.ts';
export { addBusinessMinutes, businessMinutesBetween } from './business-calendar.ts';

/** A ticket subject (an ASSUNTO_CHAMADO catalogue item) with its HR settings. */
export interface TicketSubject {
  id: number;
  name: string;
  active: boolean;
  confidential: boolean;
  /** First-response target in business minutes (null: no target). */
  firstResponseMinutes: number | null;
  /** Resolution target in business minutes (null: no target). */
  resolutionMinutes: number | null;
}

/** The company's calendar settings: its row or the default. */
export async function loadCalendarSettings(db: Database, companyId: number): Promise<CalendarSettings> {
  const row = await findCalendarRow(db, companyId);
  if (!row) return { ...DEFAULT_CALENDAR, workingDays: [...DEFAULT_CALENDAR.workingDays] };
  return {
    workingDays: [...row.workingDays].map(Number).sort((a, b) => a - b),
    dayStartMinute: row.dayStartMinute,
    dayEndMinute: row.dayEndMinute,
    timeZone: row.timeZone,
    nationalHolidays: row.nationalHolidays,
  };
}

/** The company's calendar: its row or the default (Mon-Fri 08:00-18:00, America/Sao_Paulo, national holidays on) with Brazil's national holidays (date-holidays, type public) and the company's own. */
export async function loadBusinessCalendar(db: Database, companyId: number): Promise<BusinessCalendar> {
  const settings = await loadCalendarSettings(db, companyId);
  const own = await listCompanyHolidays(db, companyId);
  return buildBusinessCalendar(
    settings,
    own.map((holiday) => holiday.day),
  );
}

/** A subject of the company (an ASSUNTO_CHAMADO catalogue item) with its HR settings; null when it is not the company's. */
export async function findTicketSubject(
  db: Database,
  companyId: number,
  subjectId: number,
): Promise<TicketSubject | null> {
  const [row] = await listSubjectRows(db, companyId, subjectId);
  return row ?? null;
}

/** Every ticket subject of the company with its settings (for lists, the report and visibility). */
export async function listTicketSubjects(db: Database, companyId: number): Promise<TicketSubject[]> {
  return listSubjectRows(db, companyId);
}
