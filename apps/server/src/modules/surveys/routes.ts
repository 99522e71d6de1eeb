import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import { getAdminSurvey, listAdminSurveys, listTargetGroups } from './administration.ts';
import {
  clearForm,
  finishAnswering,
  getApplication,
  getSurvey,
  getSurveyQuestions,
  listSurveys,
  markSurveyRead,
  saveAnswer,
  saveAnswers,
  startAnswering,
  uploadAnswerFiles,
} from './answering.ts';
import { duplicateSurvey, saveSurvey, uploadHeader } from './authoring.ts';
import { exportSurvey } from './exports.ts';
import {
  presentAdminList,
  presentAdminResults,
  presentAdminSurvey,
  presentAnswer,
  presentApplication,
  presentHeaderImage,
  presentMedia,
  presentQuestion,
  presentRespondentResults,
  presentSettings,
  presentSurvey,
  presentSurveyList,
  presentTargetGroups,
} from './presenter.ts';
import { closeSurvey, publishSurvey, removeSurvey } from './publishing.ts';
import { getAdminResults, getRespondentResults } from './results.ts';
import type { SurveysService } from './service.ts';
import { getSurveySettings, saveSurveySettings } from './settings.ts';
import { answerOf, sliceOf, surveyDraftOf, surveyStateOf } from './wire.ts';

/** The identifiers of one application of a survey, as the use cases take them. */
const applicationOf = (input: { idPesquisa: number; idAplicacao: number }) => ({
  surveyId: input.idPesquisa,
  applicationId: input.idAplicacao,
});

const ok = { ok: true as const };

/** The survey calls' handlers. */
export function surveyHandlers({ surveys }: { surveys: SurveysService }) {
  const { module } = surveys;
  return {
    // The employee's side.
    consultaPesquisas: async (_input, { session }) => presentSurveyList(await listSurveys(module, session)),
    consultaPesquisa: async (input, { session }) => {
      const { survey, state } = await getSurvey(module, session, input.idPesquisa);
      return { pesquisa: presentSurvey(survey, state) };
    },
    consultaPerguntas: async (input, { session }) => ({
      questoes: (await getSurveyQuestions(module, session, input.idPesquisa)).map(presentQuestion),
    }),
    marcaPesquisaLida: async (input, { session }) => {
      await markSurveyRead(module, session, input.idPesquisa);
      return ok;
    },
    inicializaRespostaPesquisa: async (input, { session }) => ({
      idAplicacao: await startAnswering(module, session, input.idPesquisa),
    }),
    consultaResultadoPesquisa: async (input, { session, t }) =>
      presentRespondentResults(await getRespondentResults(module, session, input.idPesquisa), t),
    consultaAplicacaoPesquisa: async (input, { session }) =>
      presentApplication(await getApplication(module, session, applicationOf(input))),
    salvaRespostaQuestaoPesquisa: async (input, { session, language }) => ({
      resposta: presentAnswer(
        await saveAnswer(
          module,
          session,
          { surveyId: input.idPesquisa, applicationId: input.idAplicacao, answer: answerOf(input) },
          language,
        ),
      ),
    }),
    salvaRespostasDaPesquisa: async (input, { session, language }) => {
      await saveAnswers(
        module,
        session,
        { ...applicationOf(input), editing: input.isEdicaoResposta, answers: input.respostas.map(answerOf) },
        language,
      );
      return ok;
    },
    finalizaRespostaPesquisa: async (input, { session, language }) => {
      await finishAnswering(module, session, applicationOf(input), language);
      return { statusResposta: 3 as const };
    },
    limpaFormulario: async (input, { session }) => {
      await clearForm(module, session, applicationOf(input));
      return ok;
    },
    enviaArquivoRespostaPesquisa: async (input, { session, files, language }) => {
      const target = { ...applicationOf(input), questionId: input.idPesquisaQuestao };
      const rows = await uploadAnswerFiles(module, session, target, files, language);
      return { midias: rows.map(presentMedia) };
    },

    // The administration's side.
    consultaPesquisasAdmin: async (input, { session }) => {
      const filter = { status: surveyStateOf(input.status), search: input.busca };
      return presentAdminList(await listAdminSurveys(module, session, filter));
    },
    consultaGruposPesquisaAdmin: async (_input, { session }) =>
      presentTargetGroups(await listTargetGroups(module, session)),
    consultaPesquisaAdmin: async (input, { session }) =>
      presentAdminSurvey(await getAdminSurvey(module, session, input.idPesquisa)),
    // Writes are audited: each takes the actor, recorded in the change's own transaction.
    enviaImagemCabecalhoPesquisa: async (_input, { session, files, actor }) =>
      presentHeaderImage(await uploadHeader(module, session, files, actor)),
    salvaPesquisa: async (input, { session, actor }) =>
      presentAdminSurvey(await saveSurvey(module, session, surveyDraftOf(input), actor)),
    duplicaPesquisa: async (input, { session, t, actor }) =>
      presentAdminSurvey(
        await duplicateSurvey(
          module,
          session,
          { surveyId: input.idPesquisa, copySuffix: t('surveys.copySuffix') },
          actor,
        ),
      ),
    publicaPesquisa: async (input, { session, actor }) =>
      presentAdminSurvey(await publishSurvey(module, session, input.idPesquisa, actor)),
    encerraPesquisa: async (input, { session, actor }) =>
      presentAdminSurvey(await closeSurvey(module, session, input.idPesquisa, actor)),
    excluiPesquisa: async (input, { session, actor }) => {
      await removeSurvey(module, session, input.idPesquisa, actor);
      return ok;
    },
    consultaResultadoPesquisaAdmin: async (input, { session, t }) => {
      const query = { surveyId: input.idPesquisa, slice: input.recorte ? sliceOf(input.recorte) : undefined };
      return presentAdminResults(await getAdminResults(module, session, query), t);
    },
    consultaConfiguracoesPesquisasAdmin: async (_input, { session }) =>
      presentSettings(await getSurveySettings(module, session.companyId)),
    salvaConfiguracoesPesquisasAdmin: async (input, { session, actor }) =>
      presentSettings(await saveSurveySettings(module, session, input.qtdMinimaRespondentes, actor)),
  } satisfies Partial<CallHandlers>;
}

/** The survey export's handler: the table the binder writes as CSV or XLSX. */
export function surveyDownloadHandlers({ surveys }: { surveys: SurveysService }) {
  const { module } = surveys;
  return {
    exportaPesquisa: async (input, { session, t }) => ({
      fileName: `pesquisa-${input.idPesquisa}`,
      table: await exportSurvey(
        module,
        session,
        {
          surveyId: input.idPesquisa,
          slice:
            input.tipoRecorte && input.idRecorte
              ? sliceOf({ tipo: input.tipoRecorte, id: input.idRecorte })
              : undefined,
        },
        t,
      ),
    }),
  } satisfies Partial<DownloadHandlers>;
}
