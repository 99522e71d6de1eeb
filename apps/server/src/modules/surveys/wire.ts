import type { z } from 'zod';
import type { salvaPesquisaInputSchema } from '@elo/contract/calls/surveys-admin';
import type { RecorteOpcao, respostaQuestaoSchema } from '@elo/contract/calls/surveys-shapes';
import type { surveyStatusSchema } from '@elo/contract/calls/surveys-rules';
import { SurveyStatus } from '@elo/contract/enums';
import { fromFlag, toFlag } from '../../platform/http/wire.ts';
import type { Answer } from './answer-rules.ts';
import type { SurveyDraft } from './authoring.ts';
import type { SurveyState } from './model.ts';
import type { SurveyValues } from './repo/authoring.ts';
import type { SliceRef } from './repo/results.ts';

// The survey calls' input in the domain's words, and what the audit log records of a change, by
// the wire's field names (presenter.ts turns the domain's answers into the calls' output).

/** One question's answer as the calls send it (the contract's defaults applied). */
export const answerOf = (input: z.output<typeof respostaQuestaoSchema>): Answer => ({
  questionId: input.idPesquisaQuestao,
  optionId: input.idPesquisaResposta,
  optionIds: input.idsPesquisaResposta,
  text: input.resposta,
  mediaIds: input.idsMidias,
});

/** The authoring form's body as the authoring use case takes it. */
export function surveyDraftOf(input: z.output<typeof salvaPesquisaInputSchema>): SurveyDraft {
  return {
    id: input.idPesquisa,
    version: input.versao,
    title: input.titulo,
    description: input.descricao,
    headerMediaId: input.idMidiaCabecalho,
    mainColor: input.corPrincipal,
    backgroundColor: input.corFundo,
    groupIds: input.idsGrupos,
    startsAt: new Date(input.dtInicioPesquisa),
    endsAt: new Date(input.dtFimPesquisa),
    oneAnswerPerUser: input.limitarAUmaResposta,
    autosaveDisabled: input.desabilitarSalvamentoAutomatico,
    anonymous: fromFlag(input.flAnonima),
    quiz: fromFlag(input.flQuiz),
    questions: input.questoes.map((question) => ({
      id: question.idPesquisaQuestao,
      title: question.titulo,
      description: question.descricao,
      type: question.tipoQuestao,
      required: fromFlag(question.flObrigatoria),
      maxFiles: question.qtdMaximoArquivo,
      maxBytes: question.limiteBytesUpload,
      formats: question.formatosUploadPermitidos,
      onlySpecificFormats: fromFlag(question.flAceitarSomenteArquivosEspecificos),
      options: question.opcoes.map((option) => ({
        id: option.idPesquisaResposta,
        label: option.descricao,
        isOther: fromFlag(option.flOutro),
        isCorrect: fromFlag(option.flCorreta),
        textAvailable: fromFlag(option.flDissertacaoDisponivel),
        textRequired: fromFlag(option.flDissertacaoObrigatoria),
      })),
    })),
  };
}

const surveyStates = {
  [SurveyStatus.draft]: 'draft',
  [SurveyStatus.published]: 'published',
  [SurveyStatus.closed]: 'closed',
} as const satisfies Record<z.output<typeof surveyStatusSchema>, SurveyState>;

/** A survey status as the administration's list filters by it (Rascunho, Publicada, Encerrada). */
export const surveyStateOf = (
  status: z.output<typeof surveyStatusSchema> | undefined,
): SurveyState | undefined => (status === undefined ? undefined : surveyStates[status]);

const sliceKindOf = { GRUPO: 'group', UNIDADE: 'unit', SETOR: 'sector' } as const;

/** A slice from the wire (GRUPO, UNIDADE or SETOR and an id) as the results take it. */
export const sliceOf = (recorte: { tipo: RecorteOpcao['tipo']; id: number }): SliceRef => ({
  kind: sliceKindOf[recorte.tipo],
  id: recorte.id,
});

// ---------------------------------------------------------------- the audit log's snapshots

/** The audit entry's target: a survey, by id and title. */
export const surveyTarget = (id: number, title: string) => ({ type: 'survey', id, name: title });

/** What the audit log records of a survey: its form's fields, by their wire names. */
export function auditedSurvey(
  survey: SurveyValues,
  groupIds: number[],
  questionTitles: string[],
): Record<string, unknown> {
  return {
    titulo: survey.title,
    descricao: survey.description,
    idMidiaCabecalho: survey.headerMediaId,
    corPrincipal: survey.mainColor,
    corFundo: survey.backgroundColor,
    dtInicioPesquisa: survey.startsAt.toISOString(),
    dtFimPesquisa: survey.endsAt.toISOString(),
    limitarAUmaResposta: survey.oneAnswerPerUser,
    desabilitarSalvamentoAutomatico: survey.autosaveDisabled,
    flAnonima: toFlag(survey.anonymous),
    flQuiz: toFlag(survey.quiz),
    idsGrupos: [...groupIds].sort((a, b) => a - b),
    questoes: questionTitles,
  };
}

/** A copy's origin and title. */
export const auditedCopy = (sourceId: number, title: string) => ({
  idPesquisaOrigem: sourceId,
  titulo: title,
});

/** A survey's state, before and after it is published or closed. */
export const auditedStatus = (status: string) => ({ status });

/** What is said of a deleted survey. */
export const auditedRemoval = (survey: { title: string; status: string }) => ({
  titulo: survey.title,
  status: survey.status,
});

/** A header image's type and size. */
export const auditedHeader = (file: { mimeType: string; sizeBytes: number }) => ({
  tipo: file.mimeType,
  tamanho: file.sizeBytes,
});

/** The survey settings' minimum of respondents. */
export const auditedSettings = (minRespondents: number) => ({ qtdMinimaRespondentes: minRespondents });
