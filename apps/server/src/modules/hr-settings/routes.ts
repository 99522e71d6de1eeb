import { requireActor, requireSession, type CallContext } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { HrSettingsScope, HrSettingsService } from './service.ts';

const scopeOf = (context: CallContext): HrSettingsScope => {
  const session = requireSession(context);
  return {
    companyId: session.companyId,
    userId: session.userId,
    adminPermissions: session.adminPermissions,
    language: context.language,
  };
};

/** The HR settings' calls: subjects with SLA, the calendar and holidays, canned answers. */
export function hrSettingsHandlers({ hrSettings }: { hrSettings: HrSettingsService }) {
  return {
    consultaAssuntosChamado: (_input, context) => hrSettings.activeSubjects(scopeOf(context)),
    consultaConfiguracoesRhAdmin: (input, context) => hrSettings.settings(scopeOf(context), input.ano),
    salvaAssuntoChamadoAdmin: (input, context) =>
      hrSettings.saveSubject(scopeOf(context), input, requireActor(context)),
    salvaCalendarioRhAdmin: (input, context) =>
      hrSettings.saveCalendar(scopeOf(context), input, requireActor(context)),
    salvaFeriadoAdmin: (input, context) =>
      hrSettings.saveHoliday(scopeOf(context), input, requireActor(context)),
    excluiFeriadoAdmin: (input, context) =>
      hrSettings.removeHoliday(scopeOf(context), input.idFeriado, requireActor(context)),
    consultaRespostasProntasAdmin: (input, context) =>
      hrSettings.cannedAnswers(scopeOf(context), input.idAssunto),
    salvaRespostaProntaAdmin: (input, context) =>
      hrSettings.saveCannedAnswer(scopeOf(context), input, requireActor(context)),
    excluiRespostaProntaAdmin: (input, context) =>
      hrSettings.removeCannedAnswer(scopeOf(context), input.idResposta, requireActor(context)),
  } satisfies Partial<CallHandlers>;
}
