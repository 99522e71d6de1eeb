import type { z } from 'zod';
import type {
  assuntoChamadoAdminSchema,
  assuntoChamadoSchema,
  calendarioRhSchema,
  consultaConfiguracoesRhAdmin,
  feriadoSchema,
  respostaProntaSchema,
} from '@elo/contract/calls/hr-settings';
import { toFlag } from '../../platform/http/wire.ts';
import type { CalendarSettings } from './business-calendar.ts';
import type {
  AdminSubject,
  CannedAnswer,
  CompanyHoliday,
  Holiday,
  HrSettingsScreen,
  VersionedCalendar,
} from './model.ts';
import type { TicketSubject } from './ticket-subject.ts';

/*
 * The HR settings' answers in the wire's words (flags, hours, HH:mm, Portuguese names), and the
 * audit log's snapshots, which record the wire's field names. Their input is wire.ts's.
 */

/** Minutes after midnight as HH:mm. */
export const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** An SLA target as the screen sets it: business hours (two decimals at most), null for none. */
export const hoursOf = (minutes: number | null) =>
  minutes === null ? null : Math.round((minutes / 60) * 100) / 100;

/** A subject as the employee picks it for a new ticket. */
export function presentSubjectChoice(subject: TicketSubject): z.infer<typeof assuntoChamadoSchema> {
  return { idAssunto: subject.id, nome: subject.name, flConfidencial: toFlag(subject.confidential) };
}

/** A subject on the settings screen, with how many administrators serve it and its open tickets. */
export function presentAdminSubject(subject: AdminSubject): z.infer<typeof assuntoChamadoAdminSchema> {
  return {
    idAssunto: subject.id,
    nome: subject.name,
    flAtivo: toFlag(subject.active),
    flConfidencial: toFlag(subject.confidential),
    horasPrimeiraResposta: hoursOf(subject.firstResponseMinutes),
    horasSolucao: hoursOf(subject.resolutionMinutes),
    qtdResponsaveis: subject.assignees,
    qtdChamadosAbertos: subject.openTickets,
    versao: subject.version,
  };
}

/** The calendar's settings as the audit log records them (the wire's fields, no version). */
export function auditedCalendar(
  settings: CalendarSettings,
): Omit<z.infer<typeof calendarioRhSchema>, 'versao'> {
  return {
    diasUteis: [...settings.workingDays],
    horaInicio: clockOf(settings.dayStartMinute),
    horaFim: clockOf(settings.dayEndMinute),
    fusoHorario: settings.timeZone,
    flFeriadosNacionais: toFlag(settings.nationalHolidays),
  };
}

/** The calendar with its version (the wire's `versao`). */
export function presentCalendar(calendar: VersionedCalendar): z.infer<typeof calendarioRhSchema> {
  return { ...auditedCalendar(calendar.settings), versao: calendar.version };
}

/** A day off: one of the company's own, or a national one (no id, it cannot be changed). */
export function presentHoliday(holiday: Holiday): z.infer<typeof feriadoSchema> {
  return holiday.origin === 'company'
    ? {
        idFeriado: holiday.id,
        data: holiday.day,
        nome: holiday.name,
        origem: 'EMPRESA',
        versao: holiday.version,
      }
    : { idFeriado: null, data: holiday.day, nome: holiday.name, origem: 'NACIONAL', versao: null };
}

/** One of the company's own holidays. */
export const presentCompanyHoliday = (holiday: CompanyHoliday) =>
  presentHoliday({ origin: 'company', ...holiday });

/** The settings screen. */
export function presentHrSettings(
  screen: HrSettingsScreen,
): z.output<typeof consultaConfiguracoesRhAdmin.output> {
  return {
    listAssuntos: screen.subjects.map(presentAdminSubject),
    calendario: presentCalendar(screen.calendar),
    listFeriados: screen.holidays.map(presentHoliday),
  };
}

export function presentCannedAnswer(answer: CannedAnswer): z.infer<typeof respostaProntaSchema> {
  return { idResposta: answer.id, idAssunto: answer.subjectId, titulo: answer.title, texto: answer.body };
}

/** A canned answer as the audit log records it: as the wire shows it. */
export const auditedCannedAnswer = presentCannedAnswer;

/** One of the company's holidays as the audit log records it. */
export const auditedHoliday = (holiday: { day: string; name: string }) => ({
  data: holiday.day,
  nome: holiday.name,
});

/** A subject's HR settings as the audit log records them. */
export const auditedSubjectSettings = (subject: {
  confidential: boolean;
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
}) => ({
  confidencial: subject.confidential,
  minutosPrimeiraResposta: subject.firstResponseMinutes,
  minutosSolucao: subject.resolutionMinutes,
});
