import { AuditAction } from '@elo/contract/calls/audit';
import type { Language } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import {
  buildBusinessCalendar,
  DEFAULT_CALENDAR,
  isNationalHoliday,
  localDayOf,
  nationalHolidaysOf,
  type BusinessCalendar,
  type CalendarSettings,
} from './business-calendar.ts';
import type {
  CalendarForm,
  CompanyHoliday,
  Holiday,
  HolidayForm,
  HrSettingsModule,
  HrSettingsScope,
  HrSettingsScreen,
  VersionedCalendar,
} from './model.ts';
import { auditedCalendar, auditedHoliday } from './presenter.ts';
import {
  DEFAULT_CALENDAR_VERSION,
  deleteHoliday,
  findCalendar,
  findHoliday,
  holidayDayTaken,
  insertHoliday,
  listCompanyHolidays,
  updateHoliday,
  upsertCalendar,
} from './repo.ts';
import { adminSubjects } from './subjects.ts';

/** The company's calendar settings with their version: its row or the default. */
async function loadCalendar(db: Database, companyId: number, lock = false): Promise<VersionedCalendar> {
  const calendar = await findCalendar(db, companyId, lock);
  if (calendar) return calendar;
  const settings = { ...DEFAULT_CALENDAR, workingDays: [...DEFAULT_CALENDAR.workingDays] };
  return { settings, version: DEFAULT_CALENDAR_VERSION };
}

/** The company's calendar settings: its row or the default. */
export async function loadCalendarSettings(db: Database, companyId: number): Promise<CalendarSettings> {
  return (await loadCalendar(db, companyId)).settings;
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

/**
 * The settings screen: subjects, the calendar and a year's holidays (national and the company's;
 * this year on the company's clock when none is named), national names in the reader's language.
 */
export async function hrSettingsScreen(
  module: HrSettingsModule,
  scope: HrSettingsScope,
  options: { year: number | undefined; language: Language },
): Promise<HrSettingsScreen> {
  const calendar = await loadCalendar(module.db, scope.companyId);
  const year = options.year ?? Number(localDayOf(new Date(), calendar.settings.timeZone).slice(0, 4));
  const own: Holiday[] = (await listCompanyHolidays(module.db, scope.companyId, year)).map((holiday) => ({
    origin: 'company',
    ...holiday,
  }));
  const national: Holiday[] = calendar.settings.nationalHolidays
    ? nationalHolidaysOf(year, options.language).map((holiday) => ({ origin: 'national', ...holiday }))
    : [];
  return {
    subjects: await adminSubjects(module, scope.companyId),
    calendar,
    // By day; on a day both have, the national one comes first.
    holidays: [...national, ...own].sort((a, b) => a.day.localeCompare(b.day)),
  };
}

/**
 * Sets the working days and hours and whether national holidays are days off. With a stale
 * version (someone saved the calendar since this copy was read) it writes nothing.
 */
export async function saveCalendar(
  module: HrSettingsModule,
  scope: HrSettingsScope,
  form: CalendarForm,
  actor: Actor,
): Promise<VersionedCalendar> {
  return module.db.transaction(async (tx) => {
    const { settings: before, version } = await loadCalendar(tx, scope.companyId, true);
    if (form.version !== undefined && form.version !== version) throw new AppError('REGISTRO_ALTERADO');
    const after: CalendarSettings = {
      workingDays: [...new Set(form.workingDays)].sort((a, b) => a - b),
      dayStartMinute: form.dayStartMinute,
      dayEndMinute: form.dayEndMinute,
      timeZone: before.timeZone,
      nationalHolidays: form.nationalHolidays,
    };
    if (!(await upsertCalendar(tx, scope.companyId, after, form.version)))
      throw new AppError('REGISTRO_ALTERADO');
    await recordAudit(tx, actor, {
      action: AuditAction.hrCalendarUpdate,
      target: { type: 'hr_calendar', id: scope.companyId },
      changes: changedFields(auditedCalendar(before), auditedCalendar(after)),
    });
    return loadCalendar(tx, scope.companyId);
  });
}

const holidayTarget = (row: { id: number; name: string }) => ({
  type: 'hr_holiday',
  id: row.id,
  name: row.name,
});

/**
 * Adds or edits one of the company's own holidays; one per day, none on a national holiday. An
 * edit with a stale version (someone saved the holiday since this copy was read) writes nothing.
 */
export async function saveHoliday(
  module: HrSettingsModule,
  scope: HrSettingsScope,
  form: HolidayForm,
  actor: Actor,
): Promise<CompanyHoliday> {
  return module.db.transaction(async (tx) => {
    const before = form.id === undefined ? undefined : await findHoliday(tx, scope.companyId, form.id);
    if (form.id !== undefined && !before) throw new AppError('NOT_FOUND');
    if (before && form.version !== undefined && form.version !== before.version)
      throw new AppError('REGISTRO_ALTERADO');
    if (await holidayDayTaken(tx, scope.companyId, form.day, form.id)) {
      throw invalidFields({ data: ['validation.holidayDayTaken'] });
    }
    const calendar = await loadCalendarSettings(tx, scope.companyId);
    if (calendar.nationalHolidays && isNationalHoliday(form.day)) {
      throw invalidFields({ data: ['validation.holidayNational'] });
    }
    const values = { day: form.day, name: form.name };
    const row = before
      ? await updateHoliday(tx, scope.companyId, before.id, values, form.version)
      : await insertHoliday(tx, scope.companyId, values);
    if (!row) throw new AppError('REGISTRO_ALTERADO');
    await recordAudit(tx, actor, {
      action: before ? AuditAction.hrHolidayUpdate : AuditAction.hrHolidayCreate,
      target: holidayTarget(row),
      changes: changedFields(before ? auditedHoliday(before) : null, auditedHoliday(row)),
    });
    return row;
  });
}

export async function removeHoliday(
  module: HrSettingsModule,
  scope: HrSettingsScope,
  holidayId: number,
  actor: Actor,
): Promise<void> {
  await module.db.transaction(async (tx) => {
    const row = await findHoliday(tx, scope.companyId, holidayId);
    if (!row) throw new AppError('NOT_FOUND');
    await deleteHoliday(tx, scope.companyId, row.id);
    await recordAudit(tx, actor, {
      action: AuditAction.hrHolidayDelete,
      target: holidayTarget(row),
      changes: changedFields(auditedHoliday(row), null),
    });
  });
}
