import type { Database } from '../../db/client.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import type { CalendarSettings, NationalHoliday } from './business-calendar.ts';
import type { TicketSubject } from './ticket-subject.ts';

/*
 * What the HR settings' use cases run on, and the shapes they take and give: booleans, minutes
 * and English names. The wire's hours, clocks, flags and Portuguese names are wire.ts's and
 * presenter.ts's.
 */

/**
 * The module as its use cases take it: the database, and the open tickets per subject, which come
 * from the HR tickets (injected: they read this module's calendar).
 */
export interface HrSettingsModule {
  db: Database;
  countOpenTicketsBySubject?: ((db: Database, companyId: number) => Promise<Map<number, number>>) | undefined;
}

/** Who calls: their company, and themselves with their statuses (for the record rules). */
export interface HrSettingsScope {
  companyId: number;
  userId: number;
  adminPermissions: AdminStatuses;
}

/** A subject on the settings screen: how many administrators serve it and its open tickets. */
export interface AdminSubject extends TicketSubject {
  assignees: number;
  openTickets: number;
}

/** A subject as the settings screen saves it; without an id, a new one. */
export interface SubjectForm {
  id?: number | undefined;
  /** The version the change was made on: a stale one writes nothing. */
  version?: number | undefined;
  name: string;
  active: boolean;
  confidential: boolean;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
}

/** The company's calendar settings with their version. */
export interface VersionedCalendar {
  settings: CalendarSettings;
  version: number;
}

/** The calendar as the settings screen saves it (the time zone stays the company's). */
export interface CalendarForm {
  version?: number | undefined;
  workingDays: number[];
  dayStartMinute: number;
  dayEndMinute: number;
  nationalHolidays: boolean;
}

/** One of the company's own days off. */
export interface CompanyHoliday {
  id: number;
  /** YYYY-MM-DD. */
  day: string;
  name: string;
  version: number;
}

/** A day off of a year as the settings screen lists it: a national one (read-only) or the company's. */
export type Holiday = ({ origin: 'national' } & NationalHoliday) | ({ origin: 'company' } & CompanyHoliday);

/** One of the company's holidays as the settings screen saves it; without an id, a new one. */
export interface HolidayForm {
  id?: number | undefined;
  version?: number | undefined;
  day: string;
  name: string;
}

/** The settings screen: subjects, the calendar and a year's holidays by day. */
export interface HrSettingsScreen {
  subjects: AdminSubject[];
  calendar: VersionedCalendar;
  holidays: Holiday[];
}

/** A canned answer of HR: for one subject, or for every subject (null). */
export interface CannedAnswer {
  id: number;
  subjectId: number | null;
  title: string;
  body: string;
}

/** A canned answer as the screen saves it; without an id, a new one. */
export interface CannedAnswerForm {
  id?: number | undefined;
  subjectId: number | null;
  title: string;
  body: string;
}
