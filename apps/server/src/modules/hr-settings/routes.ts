import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { hrSettingsScreen, removeHoliday, saveCalendar, saveHoliday } from './calendar.ts';
import { cannedAnswers, removeCannedAnswer, saveCannedAnswer } from './canned-answers.ts';
import {
  presentAdminSubject,
  presentCalendar,
  presentCannedAnswer,
  presentCompanyHoliday,
  presentHrSettings,
  presentSubjectChoice,
} from './presenter.ts';
import type { HrSettingsService } from './service.ts';
import { activeSubjects, saveSubject } from './subjects.ts';
import { calendarFormOf, cannedAnswerFormOf, holidayFormOf, subjectFormOf } from './wire.ts';

const ok = { ok: true as const };

/** The HR settings' calls: subjects with SLA, the calendar and holidays, canned answers. */
export function hrSettingsHandlers({ hrSettings }: { hrSettings: HrSettingsService }) {
  return {
    consultaAssuntosChamado: async (_input, { session }) => ({
      listAssuntos: (await activeSubjects(hrSettings, session)).map(presentSubjectChoice),
    }),
    consultaConfiguracoesRhAdmin: async (input, { session, language }) =>
      presentHrSettings(await hrSettingsScreen(hrSettings, session, { year: input.ano, language })),
    salvaAssuntoChamadoAdmin: async (input, { session, actor }) => ({
      assunto: presentAdminSubject(await saveSubject(hrSettings, session, subjectFormOf(input), actor)),
    }),
    salvaCalendarioRhAdmin: async (input, { session, actor }) => ({
      calendario: presentCalendar(await saveCalendar(hrSettings, session, calendarFormOf(input), actor)),
    }),
    salvaFeriadoAdmin: async (input, { session, actor }) => ({
      feriado: presentCompanyHoliday(await saveHoliday(hrSettings, session, holidayFormOf(input), actor)),
    }),
    excluiFeriadoAdmin: async (input, { session, actor }) => {
      await removeHoliday(hrSettings, session, input.idFeriado, actor);
      return ok;
    },
    consultaRespostasProntasAdmin: async (input, { session }) => ({
      listRespostas: (await cannedAnswers(hrSettings, session, input.idAssunto)).map(presentCannedAnswer),
    }),
    salvaRespostaProntaAdmin: async (input, { session, actor }) => ({
      resposta: presentCannedAnswer(
        await saveCannedAnswer(hrSettings, session, cannedAnswerFormOf(input), actor),
      ),
    }),
    excluiRespostaProntaAdmin: async (input, { session, actor }) => {
      await removeCannedAnswer(hrSettings, session, input.idResposta, actor);
      return ok;
    },
  } satisfies Partial<CallHandlers>;
}
