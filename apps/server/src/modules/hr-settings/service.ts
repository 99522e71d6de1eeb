import type { Database } from '../../db/client.ts';
import type { HrSettingsModule } from './model.ts';

export type { BusinessCalendar } from './business-calendar.ts';
export { addBusinessMinutes, businessMinutesBetween } from './business-calendar.ts';
export { loadBusinessCalendar, loadCalendarSettings } from './calendar.ts';
export { findTicketSubject, listTicketSubjects } from './subjects.ts';
export type { HrSettingsModule, HrSettingsScope } from './model.ts';

export type HrSettingsService = ReturnType<typeof createHrSettingsService>;

/**
 * HR settings: the ticket subjects with confidentiality and SLA targets (subjects.ts), the
 * company's calendar and holidays (calendar.ts), and the canned answers (canned-answers.ts). Each
 * write is audited in its transaction. The HR tickets read the calendar and the subjects through
 * the functions re-exported above. `countOpenTicketsBySubject` comes from the HR tickets
 * (injected: they read this module's calendar).
 */
export function createHrSettingsService(deps: {
  db: Database;
  countOpenTicketsBySubject?: (db: Database, companyId: number) => Promise<Map<number, number>>;
}): HrSettingsModule {
  return { db: deps.db, countOpenTicketsBySubject: deps.countOpenTicketsBySubject };
}
