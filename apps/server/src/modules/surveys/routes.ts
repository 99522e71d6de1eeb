import type { CallContext } from '../../platform/http/bind-call.ts';
import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { AuthSession } from '../../platform/auth/sessions.ts';
import { sliceFromWire } from './presenter.ts';
import type { SurveysService } from './service.ts';

/** A handler of a call whose input is the survey alone, from the service method taking its id. */
const bySurvey =
  <T>(handler: (scope: AuthSession, surveyId: number) => Promise<T>) =>
  (input: { idPesquisa: number }, context: CallContext) =>
    handler(requireSession(context), input.idPesquisa);

/** The identifiers of one application of a survey, as the service takes them. */
const applicationOf = (input: { idPesquisa: number; idAplicacao: number }) => ({
  surveyId: input.idPesquisa,
  applicationId: input.idAplicacao,
});

/** The survey calls' handlers. */
export function surveyHandlers({ surveys }: { surveys: SurveysService }) {
  return {
    // The employee's side.
    consultaPesquisas: (_input, context) => surveys.listSurveys(requireSession(context)),
    consultaPesquisa: bySurvey(surveys.getSurvey),
    consultaPerguntas: bySurvey(surveys.listQuestions),
    marcaPesquisaLida: bySurvey(surveys.markRead),
    inicializaRespostaPesquisa: bySurvey(surveys.startApplication),
    consultaResultadoPesquisa: (input, context) =>
      surveys.results(requireSession(context), input.idPesquisa, context.t),
    consultaAplicacaoPesquisa: (input, context) =>
      surveys.getApplication(requireSession(context), {
        ...applicationOf(input),
        editing: input.isEdicaoResposta,
      }),
    salvaRespostaQuestaoPesquisa: (input, context) =>
      surveys.saveOneAnswer(requireSession(context), input, context.language),
    salvaRespostasDaPesquisa: (input, context) =>
      surveys.saveAllAnswers(requireSession(context), input, context.language),
    finalizaRespostaPesquisa: (input, context) =>
      surveys.finish(requireSession(context), applicationOf(input), context.language),
    limpaFormulario: (input, context) => surveys.clear(requireSession(context), applicationOf(input)),
    enviaArquivoRespostaPesquisa: (input, context) =>
      surveys.uploadAnswerFiles(requireSession(context), input, context.files, context.language),

    // The administration's side.
    consultaPesquisasAdmin: (input, context) =>
      surveys.listAdmin(requireSession(context), { status: input.status, search: input.busca }),
    consultaGruposPesquisaAdmin: (_input, context) => surveys.listGroups(requireSession(context)),
    // Writes are audited: each takes the actor, recorded in the change's own transaction.
    enviaImagemCabecalhoPesquisa: (_input, context) =>
      surveys.uploadHeader(requireSession(context), context.files, requireActor(context)),
    salvaPesquisa: (input, context) => surveys.save(requireSession(context), input, requireActor(context)),
    duplicaPesquisa: (input, context) =>
      surveys.duplicate(requireSession(context), input.idPesquisa, context.t, requireActor(context)),
    consultaPesquisaAdmin: bySurvey(surveys.getAdmin),
    publicaPesquisa: (input, context) =>
      surveys.publish(requireSession(context), input.idPesquisa, requireActor(context)),
    encerraPesquisa: (input, context) =>
      surveys.close(requireSession(context), input.idPesquisa, requireActor(context)),
    excluiPesquisa: (input, context) =>
      surveys.remove(requireSession(context), input.idPesquisa, requireActor(context)),
    consultaResultadoPesquisaAdmin: (input, context) =>
      surveys.adminResults(
        requireSession(context),
        { surveyId: input.idPesquisa, slice: input.recorte ? sliceFromWire(input.recorte) : undefined },
        context.t,
      ),
    consultaConfiguracoesPesquisasAdmin: (_input, context) => surveys.getSettings(requireSession(context)),
    salvaConfiguracoesPesquisasAdmin: (input, context) =>
      surveys.saveSettings(requireSession(context), input.qtdMinimaRespondentes, requireActor(context)),
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
