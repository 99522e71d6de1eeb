import type { z } from 'zod';
import type {
  assuntoChamadoAdminSchema,
  assuntoChamadoSchema,
  calendarioRhSchema,
  feriadoSchema,
  respostaProntaSchema,
} from '@elo/contract/calls/hr';
import type { CalendarSettings, NationalHoliday } from './business-calendar.ts';
import type { TicketSubject } from './ticket-subject.ts';

const flag = (value: boolean) => (value ? 'S' : 'N');

/** Minutes after midnight as HH:mm. */
export const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** HH:mm as minutes after midnight. */
export const minuteOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** An SLA target as the screen sets it: business hours (two decimals at most), null for none. */
export const hoursOf = (minutes: number | null) =>
  minutes === null ? null : Math.round((minutes / 60) * 100) / 100;

/** Business hours as stored: whole minutes, at least one (a target of zero would be always late). */
export const minutesOf = (hours: number | null) =>
  hours === null ? null : Math.max(1, Math.round(hours * 60));

/** A subject as the employee picks it for a new ticket. */
export function presentSubjectChoice(subject: TicketSubject): z.infer<typeof assuntoChamadoSchema> {
  return { idAssunto: subject.id, nome: subject.name, flConfidencial: flag(subject.confidential) };
}

/** A subject on the settings screen, with how many administrators serve it and its open tickets. */
export function presentAdminSubject(
  subject: TicketSubject,
  assignees: number,
  openTickets: number,
): z.infer<typeof assuntoChamadoAdminSchema> {
  return {
    idAssunto: subject.id,
    nome: subject.name,
    flAtivo: flag(subject.active),
    flConfidencial: flag(subject.confidential),
    horasPrimeiraResposta: hoursOf(subject.firstResponseMinutes),
    horasSolucao: hoursOf(subject.resolutionMinutes),
    qtdResponsaveis: assignees,
    qtdChamadosAbertos: openTickets,
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
    flFeriadosNacionais: flag(settings.nationalHolidays),
  };
}

/** The calendar with its version (the wire's `versao`). */
export function presentCalendar(
  settings: CalendarSettings,
  version: number,
): z.infer<typeof calendarioRhSchema> {
  return { ...auditedCalendar(settings), versao: version };
}

/** One of the company's own holidays. */
export function presentCompanyHoliday(row: {
  id: number;
  day: string;
  name: string;
  version: number;
}): z.infer<typeof feriadoSchema> {
  return { idFeriado: row.id, data: row.day, nome: row.name, origem: 'EMPRESA', versao: row.version };
}

/** A national holiday: no id, it cannot be changed. */
export function presentNationalHoliday(holiday: NationalHoliday): z.infer<typeof feriadoSchema> {
  return { idFeriado: null, data: holiday.day, nome: holiday.name, origem: 'NACIONAL', versao: null };
}

export function presentCannedAnswer(row: {
  id: number;
  subjectId: number | null;
  title: string;
  body: string;
}): z.infer<typeof respostaProntaSchema> {
  return { idResposta: row.id, idAssunto: row.subjectId, titulo: row.title, texto: row.body };
}

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
