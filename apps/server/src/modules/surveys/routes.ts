import type { CallContext } from '../../platform/http/bind-call.ts';
import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { AuthSession } from '../../platform/auth/sessions.ts';
import { sliceFromWire } from './presenter.ts';
import type { SurveysService } from './service.ts';

/** A handler of a call whose input is the survey alone, from the service method taking its id. */
const bySurvey =
  <T>(handler: (scope: AuthSession, surveyId: number) => Promise<T>) =>
  (input: { idPesquisa: number }, context: CallContext<'user' | 'admin'>) =>
    handler(context.session, input.idPesquisa);

/** The identifiers of one application of a survey, as the service takes them. */
const applicationOf = (input: { idPesquisa: number; idAplicacao: number }) => ({
  surveyId: input.idPesquisa,
  applicationId: input.idAplicacao,
});

/** The survey calls' handlers. */
export function surveyHandlers({ surveys }: { surveys: SurveysService }) {
  return {
    // The employee's side.
    consultaPesquisas: (_input, context) => surveys.listSurveys(context.session),
    consultaPesquisa: bySurvey(surveys.getSurvey),
    consultaPerguntas: bySurvey(surveys.listQuestions),
    marcaPesquisaLida: bySurvey(surveys.markRead),
    inicializaRespostaPesquisa: bySurvey(surveys.startApplication),
    consultaResultadoPesquisa: (input, context) =>
      surveys.results(context.session, input.idPesquisa, context.t),
    consultaAplicacaoPesquisa: (input, context) =>
      surveys.getApplication(context.session, {
        ...applicationOf(input),
        editing: input.isEdicaoResposta,
      }),
    salvaRespostaQuestaoPesquisa: (input, context) =>
      surveys.saveOneAnswer(context.session, input, context.language),
    salvaRespostasDaPesquisa: (input, context) =>
      surveys.saveAllAnswers(context.session, input, context.language),
    finalizaRespostaPesquisa: (input, context) =>
      surveys.finish(context.session, applicationOf(input), context.language),
    limpaFormulario: (input, context) => surveys.clear(context.session, applicationOf(input)),
    enviaArquivoRespostaPesquisa: (input, context) =>
      surveys.uploadAnswerFiles(context.session, input, context.files, context.language),

    // The administration's side.
    consultaPesquisasAdmin: (input, context) =>
      surveys.listAdmin(context.session, { status: input.status, search: input.busca }),
    consultaGruposPesquisaAdmin: (_input, context) => surveys.listGroups(context.session),
    // Writes are audited: each takes the actor, recorded in the change's own transaction.
    enviaImagemCabecalhoPesquisa: (_input, context) =>
      surveys.uploadHeader(context.session, context.files, context.actor),
    salvaPesquisa: (input, context) => surveys.save(context.session, input, context.actor),
    duplicaPesquisa: (input, context) =>
      surveys.duplicate(context.session, input.idPesquisa, context.t, context.actor),
    consultaPesquisaAdmin: bySurvey(surveys.getAdmin),
    publicaPesquisa: (input, context) => surveys.publish(context.session, input.idPesquisa, context.actor),
    encerraPesquisa: (input, context) => surveys.close(context.session, input.idPesquisa, context.actor),
    excluiPesquisa: (input, context) => surveys.remove(context.session, input.idPesquisa, context.actor),
    consultaResultadoPesquisaAdmin: (input, context) =>
      surveys.adminResults(
        context.session,
        { surveyId: input.idPesquisa, slice: input.recorte ? sliceFromWire(input.recorte) : undefined },
        context.t,
      ),
    consultaConfiguracoesPesquisasAdmin: (_input, context) => surveys.getSettings(context.session),
    salvaConfiguracoesPesquisasAdmin: (input, context) =>
      surveys.saveSettings(context.session, input.qtdMinimaRespondentes, context.actor),
  } satisfies Partial<CallHandlers>;
}

/** The survey export's handler: the table the binder writes as CSV or XLSX. */
export function surveyDownloadHandlers({ surveys }: { surveys: SurveysService }) {
  return {
    exportaPesquisa: async (input, context) => ({
      fileName: `pesquisa-${input.idPesquisa}`,
      table: await surveys.exportTable(
        context.session,
        {
          surveyId: input.idPesquisa,
          slice:
            input.tipoRecorte && input.idRecorte
              ? sliceFromWire({ tipo: input.tipoRecorte, id: input.idRecorte })
              : undefined,
        },
        context.t,
      ),
    }),
  } satisfies Partial<DownloadHandlers>;
}
