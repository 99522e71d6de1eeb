import type { z } from 'zod';
import type {
  salvaAssuntoChamadoAdmin,
  salvaCalendarioRhAdmin,
  salvaFeriadoAdmin,
  salvaRespostaProntaAdmin,
} from '@elo/contract/calls/hr-settings';
import { fromFlag } from '../../platform/http/wire.ts';
import type { CalendarForm, CannedAnswerForm, HolidayForm, SubjectForm } from './model.ts';

/*
 * The HR settings' calls' input in the domain's words: flags as booleans, business hours as
 * minutes, HH:mm as minutes after midnight. The answers are presenter.ts's.
 */

/** HH:mm as minutes after midnight. */
export const minuteOf = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/** Business hours as stored: whole minutes, at least one (a target of zero would be always late). */
export const minutesOf = (hours: number | null) =>
  hours === null ? null : Math.max(1, Math.round(hours * 60));

export function subjectFormOf(input: z.output<typeof salvaAssuntoChamadoAdmin.input>): SubjectForm {
  return {
    id: input.idAssunto,
    version: input.versao,
    name: input.nome,
    active: fromFlag(input.flAtivo),
    confidential: fromFlag(input.flConfidencial),
    firstResponseMinutes: minutesOf(input.horasPrimeiraResposta),
    resolutionMinutes: minutesOf(input.horasSolucao),
  };
}

export function calendarFormOf(input: z.output<typeof salvaCalendarioRhAdmin.input>): CalendarForm {
  return {
    version: input.versao,
    workingDays: input.diasUteis,
    dayStartMinute: minuteOf(input.horaInicio),
    dayEndMinute: minuteOf(input.horaFim),
    nationalHolidays: fromFlag(input.flFeriadosNacionais),
  };
}

export function holidayFormOf(input: z.output<typeof salvaFeriadoAdmin.input>): HolidayForm {
  return { id: input.idFeriado, version: input.versao, day: input.data, name: input.nome };
}

export function cannedAnswerFormOf(input: z.output<typeof salvaRespostaProntaAdmin.input>): CannedAnswerForm {
  return {
    id: input.idResposta,
    // No subject: an answer for every subject.
    subjectId: input.idAssunto ?? null,
    title: input.titulo,
    body: input.texto,
  };
}
