import type { CallContext } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { HrSettingsScope, HrSettingsService } from './service.ts';

const scopeOf = (context: CallContext<'user' | 'admin'>): HrSettingsScope => {
  const session = context.session;
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
      hrSettings.saveSubject(scopeOf(context), input, context.actor),
    salvaCalendarioRhAdmin: (input, context) =>
      hrSettings.saveCalendar(scopeOf(context), input, context.actor),
    salvaFeriadoAdmin: (input, context) => hrSettings.saveHoliday(scopeOf(context), input, context.actor),
    excluiFeriadoAdmin: (input, context) =>
      hrSettings.removeHoliday(scopeOf(context), input.idFeriado, context.actor),
    consultaRespostasProntasAdmin: (input, context) =>
      hrSettings.cannedAnswers(scopeOf(context), input.idAssunto),
    salvaRespostaProntaAdmin: (input, context) =>
      hrSettings.saveCannedAnswer(scopeOf(context), input, context.actor),
    excluiRespostaProntaAdmin: (input, context) =>
      hrSettings.removeCannedAnswer(scopeOf(context), input.idResposta, context.actor),
  } satisfies Partial<CallHandlers>;
}
