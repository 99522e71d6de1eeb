import type { z } from 'zod';
import { AuditAction } from '@elo/contract/calls/audit';
import type {
  salvaAssuntoChamadoAdmin,
  salvaCalendarioRhAdmin,
  salvaFeriadoAdmin,
  salvaRespostaProntaAdmin,
} from '@elo/contract/calls/hr';
import type { Language } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { saveCatalogItem } from '../catalog/service.ts';
import { loadHrActor } from '../hr-tickets/hr-actor.ts';
import { authorizeSubject } from '../hr-tickets/policy.ts';
import {
  buildBusinessCalendar,
  DEFAULT_CALENDAR,
  isNationalHoliday,
  localDayOf,
  nationalHolidaysOf,
  type BusinessCalendar,
  type CalendarSettings,
} from './business-calendar.ts';
import {
  auditedCalendar,
  auditedSubjectSettings,
  minuteOf,
  minutesOf,
  presentAdminSubject,
  presentCalendar,
  presentCannedAnswer,
  presentCompanyHoliday,
  presentNationalHoliday,
  presentSubjectChoice,
} from './presenter.ts';
import {
  DEFAULT_CALENDAR_VERSION,
  countSubjectAssignees,
  deleteCannedAnswer,
  deleteHoliday,
  findCalendarRow,
  findCannedAnswer,
  findHoliday,
  holidayDayTaken,
  insertCannedAnswer,
  insertHoliday,
  listCannedAnswers,
  listCompanyHolidays,
  listSubjectRows,
  lockSubject,
  updateCannedAnswer,
  updateHoliday,
  upsertCalendar,
  upsertSubjectSettings,
} from './repo.ts';
import type { TicketSubject } from './ticket-subject.ts';

export type { BusinessCalendar } from './business-calendar.ts';
export { addBusinessMinutes, businessMinutesBetween } from './business-calendar.ts';

/** The company's calendar settings with their version: its row or the default. */
async function loadCalendar(db: Database, companyId: number, lock = false) {
  const row = await findCalendarRow(db, companyId, lock);
  if (!row) {
    const settings = { ...DEFAULT_CALENDAR, workingDays: [...DEFAULT_CALENDAR.workingDays] };
    return { settings, version: DEFAULT_CALENDAR_VERSION };
  }
  const settings: CalendarSettings = {
    workingDays: [...row.workingDays].map(Number).sort((a, b) => a - b),
    dayStartMinute: row.dayStartMinute,
    dayEndMinute: row.dayEndMinute,
    timeZone: row.timeZone,
    nationalHolidays: row.nationalHolidays,
  };
  return { settings, version: row.version };
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

/** Who calls: their company, themselves with their statuses (for the record rules), and their language. */
export interface HrSettingsScope {
  companyId: number;
  userId: number;
  adminPermissions: AdminStatuses;
  language: Language;
}

export type SaveSubjectInput = z.output<typeof salvaAssuntoChamadoAdmin.input>;
export type SaveCalendarInput = z.output<typeof salvaCalendarioRhAdmin.input>;
export type SaveHolidayInput = z.output<typeof salvaFeriadoAdmin.input>;
export type SaveCannedAnswerInput = z.output<typeof salvaRespostaProntaAdmin.input>;

const subjectTarget = (id: number, name: string) => ({ type: 'hr_subject', id, name });
const holidayTarget = (row: { id: number; name: string }) => ({
  type: 'hr_holiday',
  id: row.id,
  name: row.name,
});
const cannedTarget = (row: { id: number; title: string }) => ({
  type: 'hr_canned_answer',
  id: row.id,
  name: row.title,
});

export type HrSettingsService = ReturnType<typeof createHrSettingsService>;

/**
 * HR settings: the ticket subjects with confidentiality and SLA targets, the company's calendar
 * and holidays, and the canned answers. Each write is audited in its transaction.
 * `countOpenTicketsBySubject` comes from the HR tickets (injected: they read this module's calendar).
 */
export function createHrSettingsService(deps: {
  db: Database;
  countOpenTicketsBySubject?: (db: Database, companyId: number) => Promise<Map<number, number>>;
}) {
  const { db } = deps;

  /** A subject with its counts, as the settings screen shows it. */
  async function adminSubjects(companyId: number, only?: number) {
    const subjects =
      only === undefined
        ? await listTicketSubjects(db, companyId)
        : await listSubjectRows(db, companyId, only);
    const assignees = await countSubjectAssignees(db, companyId);
    const open = deps.countOpenTicketsBySubject
      ? await deps.countOpenTicketsBySubject(db, companyId)
      : new Map<number, number>();
    return subjects.map((subject) =>
      presentAdminSubject(subject, assignees.get(subject.id) ?? 0, open.get(subject.id) ?? 0),
    );
  }

  /** A subject that is the company's, or a 422 on the field naming it. */
  async function requireSubject(tx: Database, companyId: number, subjectId: number, field: string) {
    const subject = await findTicketSubject(tx, companyId, subjectId);
    if (!subject) throw invalidFields({ [field]: ['validation.catalogItemInvalid'] });
    return subject;
  }

  return {
    /** The company's active subjects, for the employee's new ticket. */
    async activeSubjects(scope: HrSettingsScope) {
      const subjects = await listTicketSubjects(db, scope.companyId);
      return { listAssuntos: subjects.filter((subject) => subject.active).map(presentSubjectChoice) };
    },

    /** The settings screen: subjects, the calendar and a year's holidays (national and the company's). */
    async settings(scope: HrSettingsScope, year: number | undefined) {
      const { settings: calendar, version } = await loadCalendar(db, scope.companyId);
      const shownYear = year ?? Number(localDayOf(new Date(), calendar.timeZone).slice(0, 4));
      const own = (await listCompanyHolidays(db, scope.companyId, shownYear)).map(presentCompanyHoliday);
      const national = calendar.nationalHolidays
        ? nationalHolidaysOf(shownYear, scope.language).map(presentNationalHoliday)
        : [];
      return {
        listAssuntos: await adminSubjects(scope.companyId),
        calendario: presentCalendar(calendar, version),
        // By day; on a day both have, the national one comes first.
        listFeriados: [...national, ...own].sort((a, b) => a.data.localeCompare(b.data)),
      };
    },

    /**
     * Creates or edits a subject (the catalogue item through the catalog module) with its HR
     * settings. Changing an existing subject's confidentiality is for the administrators assigned
     * to it (policy.ts of the HR tickets); the change is audited with the rest. With a stale
     * versao (someone saved the subject since this copy was read) it writes nothing.
     */
    async saveSubject(scope: HrSettingsScope, input: SaveSubjectInput, actor: Actor) {
      const id = await db.transaction(async (tx) => {
        const locked =
          input.idAssunto === undefined ? undefined : await lockSubject(tx, scope.companyId, input.idAssunto);
        if (locked && input.versao !== undefined && input.versao !== locked.version)
          throw new AppError('REGISTRO_ALTERADO');
        const before =
          input.idAssunto === undefined
            ? null
            : await findTicketSubject(tx, scope.companyId, input.idAssunto);
        if (input.idAssunto !== undefined && !before) throw new AppError('NOT_FOUND');
        if (before && before.confidential !== (input.flConfidencial === 'S'))
          authorizeSubject(await loadHrActor(tx, scope), 'changeConfidentiality', {
            companyId: scope.companyId,
            subjectId: before.id,
          });
        const item = await saveCatalogItem(
          tx,
          scope.companyId,
          {
            kind: 'ASSUNTO_CHAMADO',
            id: input.idAssunto,
            name: input.nome,
            active: input.flAtivo === 'S',
            version: input.versao,
          },
          actor,
        );
        const settings = {
          confidential: input.flConfidencial === 'S',
          firstResponseMinutes: minutesOf(input.horasPrimeiraResposta),
          resolutionMinutes: minutesOf(input.horasSolucao),
        };
        await upsertSubjectSettings(tx, scope.companyId, item.id, settings);
        const changes = changedFields(
          before && auditedSubjectSettings(before),
          auditedSubjectSettings(settings),
        );
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, actor, {
            action: AuditAction.hrSubjectSettingsUpdate,
            target: subjectTarget(item.id, item.name),
            changes,
          });
        }
        return item.id;
      });
      const [assunto] = await adminSubjects(scope.companyId, id);
      return { assunto: assunto! };
    },

    /**
     * Sets the working days and hours and whether national holidays are days off. With a stale
     * versao (someone saved the calendar since this copy was read) it writes nothing.
     */
    async saveCalendar(scope: HrSettingsScope, input: SaveCalendarInput, actor: Actor) {
      const saved = await db.transaction(async (tx) => {
        const { settings: before, version } = await loadCalendar(tx, scope.companyId, true);
        if (input.versao !== undefined && input.versao !== version) throw new AppError('REGISTRO_ALTERADO');
        const after: CalendarSettings = {
          workingDays: [...new Set(input.diasUteis)].sort((a, b) => a - b),
          dayStartMinute: minuteOf(input.horaInicio),
          dayEndMinute: minuteOf(input.horaFim),
          timeZone: before.timeZone,
          nationalHolidays: input.flFeriadosNacionais === 'S',
        };
        const values = { ...after, workingDays: after.workingDays.join('') };
        if (!(await upsertCalendar(tx, scope.companyId, values, input.versao)))
          throw new AppError('REGISTRO_ALTERADO');
        await recordAudit(tx, actor, {
          action: AuditAction.hrCalendarUpdate,
          target: { type: 'hr_calendar', id: scope.companyId },
          changes: changedFields(auditedCalendar(before), auditedCalendar(after)),
        });
        return loadCalendar(tx, scope.companyId);
      });
      return { calendario: presentCalendar(saved.settings, saved.version) };
    },

    /**
     * Adds or edits one of the company's own holidays; one per day, none on a national holiday. An
     * edit with a stale versao (someone saved the holiday since this copy was read) writes nothing.
     */
    async saveHoliday(scope: HrSettingsScope, input: SaveHolidayInput, actor: Actor) {
      const saved = await db.transaction(async (tx) => {
        const before =
          input.idFeriado === undefined ? undefined : await findHoliday(tx, scope.companyId, input.idFeriado);
        if (input.idFeriado !== undefined && !before) throw new AppError('NOT_FOUND');
        if (before && input.versao !== undefined && input.versao !== before.version)
          throw new AppError('REGISTRO_ALTERADO');
        if (await holidayDayTaken(tx, scope.companyId, input.data, input.idFeriado)) {
          throw invalidFields({ data: ['validation.holidayDayTaken'] });
        }
        const calendar = await loadCalendarSettings(tx, scope.companyId);
        if (calendar.nationalHolidays && isNationalHoliday(input.data)) {
          throw invalidFields({ data: ['validation.holidayNational'] });
        }
        const values = { day: input.data, name: input.nome };
        const row = before
          ? await updateHoliday(tx, scope.companyId, before.id, values, input.versao)
          : await insertHoliday(tx, scope.companyId, values);
        if (!row) throw new AppError('REGISTRO_ALTERADO');
        await recordAudit(tx, actor, {
          action: before ? AuditAction.hrHolidayUpdate : AuditAction.hrHolidayCreate,
          target: holidayTarget(row),
          changes: changedFields(before ? { data: before.day, nome: before.name } : null, {
            data: row.day,
            nome: row.name,
          }),
        });
        return row;
      });
      return { feriado: presentCompanyHoliday(saved) };
    },

    async removeHoliday(scope: HrSettingsScope, holidayId: number, actor: Actor) {
      await db.transaction(async (tx) => {
        const row = await findHoliday(tx, scope.companyId, holidayId);
        if (!row) throw new AppError('NOT_FOUND');
        await deleteHoliday(tx, scope.companyId, row.id);
        await recordAudit(tx, actor, {
          action: AuditAction.hrHolidayDelete,
          target: holidayTarget(row),
          changes: changedFields({ data: row.day, nome: row.name }, null),
        });
      });
      return { ok: true as const };
    },

    /** The canned answers; with a subject, its own and those for every subject. */
    async cannedAnswers(scope: HrSettingsScope, subjectId: number | undefined) {
      const rows = await listCannedAnswers(db, scope.companyId, subjectId);
      return { listRespostas: rows.map(presentCannedAnswer) };
    },

    /** Creates or edits a canned answer, for one of the company's subjects or for all (no subject). */
    async saveCannedAnswer(scope: HrSettingsScope, input: SaveCannedAnswerInput, actor: Actor) {
      const saved = await db.transaction(async (tx) => {
        const before =
          input.idResposta === undefined
            ? undefined
            : await findCannedAnswer(tx, scope.companyId, input.idResposta);
        if (input.idResposta !== undefined && !before) throw new AppError('NOT_FOUND');
        const subjectId = input.idAssunto ?? null;
        if (subjectId !== null) await requireSubject(tx, scope.companyId, subjectId, 'idAssunto');
        const values = { subjectId, title: input.titulo, body: input.texto };
        const row = before
          ? await updateCannedAnswer(tx, scope.companyId, before.id, values)
          : await insertCannedAnswer(tx, scope.companyId, values);
        await recordAudit(tx, actor, {
          action: before ? AuditAction.hrCannedAnswerUpdate : AuditAction.hrCannedAnswerCreate,
          target: cannedTarget(row),
          changes: changedFields(before ? presentCannedAnswer(before) : null, presentCannedAnswer(row)),
        });
        return row;
      });
      return { resposta: presentCannedAnswer(saved) };
    },

    async removeCannedAnswer(scope: HrSettingsScope, answerId: number, actor: Actor) {
      await db.transaction(async (tx) => {
        const row = await findCannedAnswer(tx, scope.companyId, answerId);
        if (!row) throw new AppError('NOT_FOUND');
        await deleteCannedAnswer(tx, scope.companyId, row.id);
        await recordAudit(tx, actor, {
          action: AuditAction.hrCannedAnswerDelete,
          target: cannedTarget(row),
          changes: changedFields(presentCannedAnswer(row), null),
        });
      });
      return { ok: true as const };
    },
  };
}
