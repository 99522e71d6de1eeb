import type { z } from 'zod';
import { isChoiceQuestion, type salvaPesquisaInputSchema } from '@elo/contract/calls/surveys';
import { AdminPermission, NotificationType, SurveyQuestionType, type Language } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import type { TFunction } from 'i18next';
import { AuditAction } from '@elo/contract/calls/audit';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { mayAccess, type AdminStatuses, type Caller } from '../../platform/auth/policy.ts';
import { recordActorOf } from '../../platform/auth/record-policy.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { mediaUrl, type MediaStorage } from '../../platform/storage/media-storage.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { formatExportDate } from '../../platform/table-file.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { checkAnswer, checkFiles, type AnswerInput } from './answer-rules.ts';
import {
  authorizeMinimumChange,
  authorizeSurveyResult,
  effectiveMinimum,
  orderOpenTexts,
  visibleSlices,
  type RespondentSlices,
  type SurveyResultDecision,
} from './policy.ts';
import {
  answerText,
  employeeAbilities,
  presentAdminSummary,
  presentAdminSurvey,
  presentAnswer,
  presentMedia,
  presentQuestion,
  presentHiddenResults,
  presentResults,
  presentSlice,
  presentSurvey,
} from './presenter.ts';
import {
  clearAnswers,
  countAudience,
  countResults,
  deleteSurvey,
  findAnsweredParts,
  findCompanyGroupIds,
  findHeaderMedia,
  findOwnApplication,
  findSurvey,
  finishApplication,
  insertApplication,
  insertMedia,
  insertSurvey,
  isInAudience,
  listAnswers,
  listAudienceUserIds,
  listApplicationMedia,
  listAudienceSurveys,
  listCompanyGroups,
  listCompanySurveys,
  listFinishedApplications,
  listQuestionMedia,
  listQuestions,
  listSurveyGroups,
  listUserStates,
  lockApplication,
  markRead,
  mayReadSurveyMedia,
  replaceAnswers,
  replaceSurveyGroups,
  setSurveyStatus,
  syncQuestions,
  updateSurvey,
  type QuestionValues,
  type QuestionWithOptions,
  type StoredAnswer,
  type SurveyValues,
  type SurveyWithHeader,
  countCompanyFinishedAnswers,
  listNamedAnswersOf,
  findMinRespondents,
  findSliceName,
  listRespondentSlices,
  listSliceOptions,
  saveMinRespondents,
  type PeopleFilter,
  type RespondentRow,
  type SliceRef,
} from './repo.ts';

export type SaveSurveyInput = z.output<typeof salvaPesquisaInputSchema>;
export type SurveysService = ReturnType<typeof createSurveysService>;

/** A signed-in person of a company with their administration statuses (a session). */
export type SurveyReader = TenantScope & { adminPermissions: AdminStatuses };

/** A slice's key in the anonymity rules (`GRUPO:12`, `UNIDADE:3`, `SETOR:5`). */
const sliceKey = (slice: SliceRef) =>
  `${{ group: 'GRUPO', unit: 'UNIDADE', sector: 'SETOR' }[slice.kind]}:${slice.id}`;

/** The slices a respondent falls in: the survey's target groups they belong to, their unit and sector. */
function slicesOf(person: RespondentRow): RespondentSlices {
  return {
    userId: person.userId,
    slices: [
      ...person.groupIds.map((id) => sliceKey({ kind: 'group', id })),
      ...(person.unitId === null ? [] : [sliceKey({ kind: 'unit', id: person.unitId })]),
      ...(person.sectorId === null ? [] : [sliceKey({ kind: 'sector', id: person.sectorId })]),
    ],
  };
}

const imageTypes = new Set(['image/png', 'image/jpeg']);

/** A 422 naming each failing question under `questoes.<idPesquisaQuestao>`. */
function questionErrors(errors: Map<number, FieldMessage>): AppError {
  return invalidFields(
    Object.fromEntries([...errors].map(([questionId, message]) => [`questoes.${questionId}`, [message]])),
  );
}

/** What the audit log records of a survey: its form's fields, by their wire names. */
function auditState(
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
    flAnonima: survey.anonymous ? 'S' : 'N',
    flQuiz: survey.quiz ? 'S' : 'N',
    idsGrupos: [...groupIds].sort((a, b) => a - b),
    questoes: questionTitles,
  };
}

const surveyTarget = (id: number, title: string) => ({ type: 'survey', id, name: title });

/** Surveys: the employees' answering and results, and the administration's authoring and results. */
/** Orders export lines by their cells, so an anonymous export's order says nothing of time. */
function compareLines(a: string[], b: string[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const order = a[index]!.localeCompare(b[index]!, 'pt-BR');
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

export function createSurveysService(deps: {
  db: Database;
  storage: MediaStorage;
  /** Tells the audience when a survey is published. */
  notifications: Pick<NotificationsService, 'notify'>;
}) {
  const { db } = deps;

  /**
   * The survey when the caller may see it: of their company, published or closed, started
   * (else 404), and aimed at one of their groups (else 403).
   */
  async function requireVisibleSurvey(scope: TenantScope, surveyId: number) {
    const survey = await findSurvey(db, scope, surveyId);
    if (!survey || survey.status === 'draft' || survey.startsAt > new Date()) {
      throw new AppError('SURVEY_NOT_FOUND');
    }
    if (!(await isInAudience(db, scope, surveyId))) throw new AppError('SURVEY_ACCESS_DENIED');
    return survey;
  }

  async function userState(scope: TenantScope, surveyId: number) {
    return (await listUserStates(db, scope, [surveyId])).get(surveyId)!;
  }

  /** A survey taking answers now (closed or past its end: 409). */
  async function requireOpenSurvey(scope: TenantScope, surveyId: number) {
    const survey = await requireVisibleSurvey(scope, surveyId);
    const state = await userState(scope, surveyId);
    if (!employeeAbilities(survey, state).open) throw new AppError('SURVEY_CLOSED');
    return { survey, state };
  }

  /** The caller's application to an open survey; a finished one only when editing it. */
  async function requireWritableApplication(
    scope: TenantScope,
    surveyId: number,
    applicationId: number | undefined,
    editing: boolean,
  ) {
    const { survey, state } = await requireOpenSurvey(scope, surveyId);
    const id = applicationId ?? state.inProgressId;
    const application = id ? await findOwnApplication(db, scope, surveyId, id) : undefined;
    if (!application) throw new AppError('SURVEY_APPLICATION_NOT_FOUND');
    if (application.status === 3 && !editing) throw new AppError('SURVEY_APPLICATION_FINISHED');
    return { survey, application };
  }

  /**
   * A writable application and the question of its survey an answer or a file is for (422 when
   * the survey has no such question, or not one that takes it).
   */
  async function requireAnswerTarget(
    scope: TenantScope,
    input: { idPesquisa: number; idAplicacao?: number | undefined; idPesquisaQuestao: number },
    editing: boolean,
    takes: (question: QuestionWithOptions) => boolean = () => true,
  ) {
    const { application } = await requireWritableApplication(
      scope,
      input.idPesquisa,
      input.idAplicacao,
      editing,
    );
    const questions = await listQuestions(db, scope, input.idPesquisa);
    const question = questions.find((entry) => entry.id === input.idPesquisaQuestao);
    if (!question || !takes(question)) {
      throw invalidFields({ idPesquisaQuestao: ['validation.surveyOptionInvalid'] });
    }
    return { application, question };
  }

  async function requireCompanySurvey(scope: TenantScope, surveyId: number) {
    const survey = await findSurvey(db, scope, surveyId);
    if (!survey) throw new AppError('SURVEY_NOT_FOUND');
    return survey;
  }

  /**
   * Runs a change of an application in a transaction holding its row, after checking again that
   * it is still unfinished (or being edited): a save and a finish never interleave.
   */
  function withLockedApplication<T>(
    scope: TenantScope,
    applicationId: number,
    editing: boolean,
    work: (tx: Database) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx) => {
      const status = await lockApplication(tx, scope, applicationId);
      if (status === undefined) throw new AppError('SURVEY_APPLICATION_NOT_FOUND');
      if (status === 3 && !editing) throw new AppError('SURVEY_APPLICATION_FINISHED');
      return work(tx);
    });
  }

  /** Checks every question's answer; the stored form of each, or a 422 per failing question. */
  async function checkAllAnswers(options: {
    source: Database;
    scope: TenantScope;
    questions: QuestionWithOptions[];
    answers: AnswerInput[];
    applicationId: number;
    language: Language;
  }): Promise<StoredAnswer[]> {
    const media = await listApplicationMedia(options.source, options.scope, options.applicationId);
    const errors = new Map<number, FieldMessage>();
    const stored: StoredAnswer[] = [];
    for (const question of options.questions) {
      const result = checkAnswer({
        question,
        answer: options.answers.find((answer) => answer.idPesquisaQuestao === question.id),
        media,
        enforceRequired: true,
        language: options.language,
      });
      if (result.ok) stored.push(result.stored);
      else errors.set(question.id, result.message);
    }
    if (errors.size > 0) throw questionErrors(errors);
    return stored;
  }

  /** The company's minimum of respondents for anonymous results, as the rules apply it. */
  async function minimumOf(companyId: number): Promise<number> {
    return effectiveMinimum(await findMinRespondents(db, companyId));
  }

  /**
   * What the administration may know of a survey's answers before reading its results: the
   * finished count, and which questions and options have answers. While an anonymous survey's
   * results are hidden, neither is told: with answers, every question and option reads (and is
   * kept) as answered, since which ones were chosen would tell what the few respondents said.
   */
  async function knownAnswers(
    scope: SurveyReader,
    survey: SurveyWithHeader,
    questions: QuestionWithOptions[],
  ) {
    const [answered, counts, minimum] = await Promise.all([
      findAnsweredParts(db, scope, survey.id),
      countResults(db, scope, survey.id),
      minimumOf(scope.companyId),
    ]);
    const decision = authorizeSurveyResult(recordActorOf(scope), 'count', {
      companyId: survey.companyId,
      anonymous: survey.anonymous,
      respondents: counts.respondents,
      minRespondents: minimum,
    });
    if (decision.show || answered.applications === 0) {
      return { answers: decision.show ? counts.applications : null, answered };
    }
    return {
      answers: null,
      answered: {
        applications: answered.applications,
        questionIds: new Set(questions.map((question) => question.id)),
        optionIds: new Set(questions.flatMap((question) => question.options.map((option) => option.id))),
      },
    };
  }

  async function adminView(scope: SurveyReader, surveyId: number) {
    const survey = await requireCompanySurvey(scope, surveyId);
    const [groups, questions] = await Promise.all([
      listSurveyGroups(db, scope, [surveyId]),
      listQuestions(db, scope, surveyId),
    ]);
    const { answers, answered } = await knownAnswers(scope, survey, questions);
    return { pesquisa: presentAdminSurvey({ survey, groups, answers, questions, answered }) };
  }

  /**
   * A slice of a survey's results: its name and the people in it among the respondents, and
   * whether the anonymity rules withhold it alongside the other slices (422 on `field` when the
   * survey cannot be cut by it).
   */
  async function resolveSlice(
    scope: TenantScope,
    survey: SurveyWithHeader,
    slice: SliceRef,
    minimum: number,
    field: string,
  ) {
    const name = await findSliceName(db, scope, survey.id, slice);
    if (name === undefined) throw invalidFields({ [field]: ['validation.surveySliceInvalid'] });
    const respondents = (await listRespondentSlices(db, scope, survey.id)).map(slicesOf);
    const key = sliceKey(slice);
    return {
      ref: slice,
      name,
      people: respondents.filter((person) => person.slices.includes(key)).map((person) => person.userId),
      withheld: survey.anonymous && !visibleSlices(respondents, minimum).has(key),
    };
  }

  /** The message of hidden results, in the caller's language. */
  function hiddenResults(decision: Extract<SurveyResultDecision, { show: false }>, t: TFunction) {
    return presentHiddenResults(
      decision,
      t(
        decision.reason === 'fewRespondents' ? 'errors.SURVEY_RESULTS_HIDDEN' : 'errors.SURVEY_SLICE_HIDDEN',
        {
          minimo: decision.minimum,
        },
      ),
    );
  }

  /** Turns the authoring form's questions into rows, with the 422s the contract cannot tell. */
  function questionValues(input: SaveSurveyInput): QuestionValues[] {
    const errors: Record<string, FieldMessage[]> = {};
    const values = input.questoes.map((question, index): QuestionValues => {
      const isChoice = isChoiceQuestion(question.tipoQuestao);
      const isUpload = question.tipoQuestao === SurveyQuestionType.upload;
      const options = isChoice ? question.opcoes : [];
      if (isChoice && options.length === 0)
        errors[`questoes.${index}.opcoes`] = ['validation.surveyNeedsOptions'];
      const textOptions = options.filter(
        (option) => option.flOutro === 'S' || option.flDissertacaoDisponivel === 'S',
      );
      if (textOptions.length > 1) errors[`questoes.${index}.opcoes`] = ['validation.surveyOneTextOption'];
      if (
        input.flQuiz === 'S' &&
        question.tipoQuestao === SurveyQuestionType.multipleChoice &&
        options.filter((option) => option.flCorreta === 'S').length > 1
      ) {
        errors[`questoes.${index}.opcoes`] = ['validation.surveyOneCorrectOption'];
      }
      return {
        id: question.idPesquisaQuestao,
        title: question.titulo,
        description: question.descricao || null,
        type: question.tipoQuestao,
        required: question.flObrigatoria === 'S',
        maxFiles: isUpload ? (question.qtdMaximoArquivo ?? limits.survey.uploadFilesDefault) : null,
        maxBytes: isUpload ? (question.limiteBytesUpload ?? limits.survey.uploadBytesDefault) : null,
        formats: isUpload ? [...new Set(question.formatosUploadPermitidos)] : [],
        onlySpecificFormats:
          isUpload &&
          question.flAceitarSomenteArquivosEspecificos === 'S' &&
          question.formatosUploadPermitidos.length > 0,
        options: options.map((option) => ({
          id: option.idPesquisaResposta,
          label: option.descricao,
          isOther: option.flOutro === 'S',
          isCorrect: input.flQuiz === 'S' && option.flCorreta === 'S',
          textAvailable: option.flOutro === 'S' || option.flDissertacaoDisponivel === 'S',
          textRequired: option.flOutro === 'S' || option.flDissertacaoObrigatoria === 'S',
        })),
      };
    });
    if (Object.keys(errors).length > 0) throw invalidFields(errors);
    return values;
  }

  /**
   * Once answers exist, a question or option with answers must stay: it may not be removed, nor
   * a question change type, nor an option move to another question. Ids must be the survey's own.
   */
  async function guardAnsweredParts(
    scope: SurveyReader,
    survey: SurveyWithHeader,
    values: QuestionValues[],
  ): Promise<void> {
    const existing = await listQuestions(db, scope, survey.id);
    const { answered } = await knownAnswers(scope, survey, existing);
    for (const question of values) {
      if (question.id === undefined) continue;
      const before = existing.find((entry) => entry.id === question.id);
      if (!before) throw new AppError('NOT_FOUND');
      if (before.type !== question.type && answered.questionIds.has(before.id)) {
        throw new AppError('SURVEY_QUESTION_LOCKED', { params: { titulo: before.title } });
      }
      for (const option of question.options) {
        if (option.id !== undefined && !before.options.some((entry) => entry.id === option.id)) {
          throw new AppError('NOT_FOUND');
        }
      }
    }
    for (const before of existing) {
      const after = values.find((question) => question.id === before.id);
      if (!after) {
        if (answered.questionIds.has(before.id)) {
          throw new AppError('SURVEY_QUESTION_LOCKED', { params: { titulo: before.title } });
        }
        continue;
      }
      for (const option of before.options) {
        if (!after.options.some((entry) => entry.id === option.id) && answered.optionIds.has(option.id)) {
          throw new AppError('SURVEY_OPTION_LOCKED', { params: { descricao: option.label } });
        }
      }
    }
  }

  return {
    /** The company's finished survey answers, for the administration's figures. */
    countFinishedAnswers: async (companyId: number) =>
      countCompanyFinishedAnswers(db, companyId, await minimumOf(companyId)),

    /** One person's answers to surveys that are not anonymous, for their personal data export. */
    listNamedAnswers: (scope: TenantScope) => listNamedAnswersOf(db, scope),
    /** The surveys open to the user's groups (started, published or closed). */
    async listSurveys(scope: TenantScope) {
      const rows = await listAudienceSurveys(db, scope);
      const states = await listUserStates(
        db,
        scope,
        rows.map((row) => row.id),
      );
      return { listPesquisas: rows.map((row) => presentSurvey(row, states.get(row.id)!)) };
    },

    async getSurvey(scope: TenantScope, surveyId: number) {
      const survey = await requireVisibleSurvey(scope, surveyId);
      return { pesquisa: presentSurvey(survey, await userState(scope, surveyId)) };
    },

    async listQuestions(scope: TenantScope, surveyId: number) {
      await requireVisibleSurvey(scope, surveyId);
      return { questoes: (await listQuestions(db, scope, surveyId)).map(presentQuestion) };
    },

    async markRead(scope: TenantScope, surveyId: number) {
      await requireVisibleSurvey(scope, surveyId);
      await markRead(db, scope, surveyId);
      return { ok: true as const };
    },

    /** The unfinished application, or a new one when the survey still takes one from the user. */
    async startApplication(scope: TenantScope, surveyId: number) {
      const { survey, state } = await requireOpenSurvey(scope, surveyId);
      if (state.inProgressId) return { idAplicacao: state.inProgressId };
      if (survey.oneAnswerPerUser && state.finishedCount > 0) throw new AppError('SURVEY_ALREADY_ANSWERED');
      return { idAplicacao: await insertApplication(db, scope, surveyId) };
    },

    /** An application of the user, with what it needs to be answered, continued or edited. */
    async getApplication(
      scope: TenantScope,
      input: { surveyId: number; applicationId: number; editing: boolean },
    ) {
      const survey = await requireVisibleSurvey(scope, input.surveyId);
      const application = await findOwnApplication(db, scope, input.surveyId, input.applicationId);
      if (!application) throw new AppError('SURVEY_APPLICATION_NOT_FOUND');
      const [state, questions, stored] = await Promise.all([
        userState(scope, input.surveyId),
        listQuestions(db, scope, input.surveyId),
        listAnswers(db, scope, [application.id]),
      ]);
      return {
        pesquisa: presentSurvey(survey, state),
        questoes: questions.map(presentQuestion),
        aplicacao: {
          idAppPesquisaAplicacao: application.id,
          statusResposta: application.status === 3 ? (3 as const) : (1 as const),
          dtInicio: application.startedAt.toISOString(),
          dtFinalizacao: application.finishedAt?.toISOString() ?? null,
          respostasUsuario: questions.flatMap((question) => {
            const answer = presentAnswer(question, stored.answers, stored.media);
            return answer ? [answer] : [];
          }),
        },
      };
    },

    /** Autosave of one question: checked like on submit, except that it may be left empty. */
    async saveOneAnswer(
      scope: TenantScope,
      input: AnswerInput & { idPesquisa: number; idAplicacao?: number | undefined },
      language: Language,
    ) {
      const { application, question } = await requireAnswerTarget(scope, input, false);
      const media = await listQuestionMedia(db, scope, application.id, question.id);
      const result = checkAnswer({ question, answer: input, media, enforceRequired: false, language });
      if (!result.ok) throw invalidFields({ resposta: [result.message] });
      await withLockedApplication(scope, application.id, false, (tx) =>
        replaceAnswers(tx, scope, application.id, [result.stored]),
      );
      const stored = await listAnswers(db, scope, [application.id]);
      return {
        resposta: presentAnswer(question, stored.answers, stored.media) ?? {
          idPesquisaQuestao: question.id,
          idPesquisaResposta: null,
          idsPesquisaResposta: [],
          resposta: '',
          midias: [],
        },
      };
    },

    /** Submit: every question checked (required ones too), all saved at once. */
    async saveAllAnswers(
      scope: TenantScope,
      input: { idPesquisa: number; idAplicacao: number; isEdicaoResposta: boolean; respostas: AnswerInput[] },
      language: Language,
    ) {
      const { application } = await requireWritableApplication(
        scope,
        input.idPesquisa,
        input.idAplicacao,
        input.isEdicaoResposta,
      );
      const questions = await listQuestions(db, scope, input.idPesquisa);
      if (
        input.respostas.some(
          (answer) => !questions.some((question) => question.id === answer.idPesquisaQuestao),
        )
      ) {
        throw invalidFields({ respostas: ['validation.surveyOptionInvalid'] });
      }
      const stored = await checkAllAnswers({
        source: db,
        scope,
        questions,
        answers: input.respostas,
        applicationId: application.id,
        language,
      });
      await withLockedApplication(scope, application.id, input.isEdicaoResposta, (tx) =>
        replaceAnswers(tx, scope, application.id, stored),
      );
      return { ok: true as const };
    },

    /** Finishes an application whose saved answers pass every rule. */
    async finish(scope: TenantScope, input: { surveyId: number; applicationId: number }, language: Language) {
      const { application } = await requireWritableApplication(
        scope,
        input.surveyId,
        input.applicationId,
        false,
      );
      const questions = await listQuestions(db, scope, input.surveyId);
      await withLockedApplication(scope, application.id, false, async (tx) => {
        const saved = await listAnswers(tx, scope, [application.id]);
        const answers = questions.flatMap((question) => {
          const answer = presentAnswer(question, saved.answers, saved.media);
          return answer ? [{ ...answer, idsMidias: answer.midias.map((file) => file.idMidia) }] : [];
        });
        await checkAllAnswers({
          source: tx,
          scope,
          questions,
          answers,
          applicationId: application.id,
          language,
        });
        await finishApplication(tx, scope, application.id);
      });
      return { statusResposta: 3 as const };
    },

    async clear(scope: TenantScope, input: { surveyId: number; applicationId: number }) {
      const { application } = await requireWritableApplication(
        scope,
        input.surveyId,
        input.applicationId,
        false,
      );
      const keys = await withLockedApplication(scope, application.id, false, (tx) =>
        clearAnswers(tx, scope, application.id),
      );
      // The files go once the rows are gone for good: a failed transaction keeps both.
      await Promise.all(keys.map((key) => deps.storage.remove(key)));
      return { ok: true as const };
    },

    /** Files for an upload question, checked by content against its formats, count and size. */
    async uploadAnswerFiles(
      scope: TenantScope,
      input: { idPesquisa: number; idAplicacao: number; idPesquisaQuestao: number },
      files: UploadedFile[],
      language: Language,
    ) {
      const { application, question } = await requireAnswerTarget(
        scope,
        input,
        true,
        (entry) => entry.type === SurveyQuestionType.upload,
      );
      const sent = files.filter((file) => file.field === 'arquivos');
      if (sent.length === 0 || sent.length !== files.length) {
        throw invalidFields({ arquivos: ['validation.surveyRequired'] });
      }
      const problem = checkFiles(question, sent, language);
      if (problem) throw invalidFields({ arquivos: [problem] });
      const rows = await insertMedia(
        db,
        scope,
        sent.map((file) => ({
          purpose: 'answer' as const,
          applicationId: application.id,
          questionId: question.id,
          storageKey: file.key,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          fileName: file.fileName.slice(0, 255) || 'arquivo',
        })),
      );
      return { midias: rows.map(presentMedia) };
    },

    /**
     * Results for the employee, once they finished or the survey closed: their own answers always,
     * the counts only when the anonymity rules let them show.
     */
    async results(scope: SurveyReader, surveyId: number, t: TFunction) {
      const survey = await requireVisibleSurvey(scope, surveyId);
      const state = await userState(scope, surveyId);
      if (!employeeAbilities(survey, state).canSeeResults) throw new AppError('SURVEY_RESULTS_UNAVAILABLE');
      const [questions, counts, own, minimum] = await Promise.all([
        listQuestions(db, scope, surveyId),
        countResults(db, scope, surveyId),
        listAnswers(db, scope, state.finishedId ? [state.finishedId] : []),
        minimumOf(scope.companyId),
      ]);
      const decision = authorizeSurveyResult(recordActorOf(scope), 'readAsRespondent', {
        companyId: survey.companyId,
        anonymous: survey.anonymous,
        respondents: counts.respondents,
        minRespondents: minimum,
      });
      const results = presentResults(survey, questions, decision.show ? counts : null);
      let quizQuestions = 0;
      let right = 0;
      const questoes = results.map((result, index) => {
        const question = questions[index]!;
        const respostaUsuario = presentAnswer(question, own.answers, own.media);
        const correctIds = question.options.filter((option) => option.isCorrect).map((option) => option.id);
        let flAcertou: boolean | null = null;
        if (survey.quiz && correctIds.length > 0) {
          quizQuestions += 1;
          const chosen = respostaUsuario
            ? [
                ...(respostaUsuario.idPesquisaResposta === null ? [] : [respostaUsuario.idPesquisaResposta]),
                ...respostaUsuario.idsPesquisaResposta,
              ]
            : [];
          flAcertou = chosen.length === correctIds.length && chosen.every((id) => correctIds.includes(id));
          if (flAcertou) right += 1;
        }
        return { ...result, respostaUsuario, flAcertou };
      });
      return {
        pesquisa: presentSurvey(survey, state),
        qtdAplicacoes: decision.show ? counts.applications : null,
        resultadoOculto: decision.show ? null : hiddenResults(decision, t),
        questoes,
        qtdQuestoesQuiz: quizQuestions,
        qtdAcertos: right,
      };
    },

    // ------------------------------------------------------------ administration

    async listAdmin(
      scope: SurveyReader,
      filter: { status?: string | undefined; search?: string | undefined },
    ) {
      const minimum = await minimumOf(scope.companyId);
      const actor = recordActorOf(scope);
      const statusKey = { Rascunho: 'draft', Publicada: 'published', Encerrada: 'closed' } as const;
      const rows = await listCompanySurveys(db, scope, {
        status: filter.status ? statusKey[filter.status as keyof typeof statusKey] : undefined,
        search: filter.search || undefined,
      });
      const groups = await listSurveyGroups(
        db,
        scope,
        rows.map((row) => row.survey.id),
      );
      return {
        listPesquisas: rows.map((row) =>
          presentAdminSummary(
            { ...row.survey, headerKey: null },
            groups.filter((group) => group.surveyId === row.survey.id),
            authorizeSurveyResult(actor, 'count', {
              companyId: row.survey.companyId,
              anonymous: row.survey.anonymous,
              respondents: Number(row.respondents),
              minRespondents: minimum,
            }).show
              ? Number(row.answers)
              : null,
          ),
        ),
      };
    },

    getAdmin: adminView,

    async listGroups(scope: TenantScope) {
      const rows = await listCompanyGroups(db, scope);
      return {
        listGrupos: rows.map((row) => ({
          idGrupo: row.groupId,
          nome: row.name,
          sigla: row.abbreviation,
          qtdMembros: Number(row.members),
        })),
      };
    },

    /** A header image (png or jpeg, by content). */
    async uploadHeader(scope: TenantScope, files: UploadedFile[], actor: Actor) {
      const file = files.find((entry) => entry.field === 'file');
      if (!file) throw invalidFields({ file: ['validation.required'] });
      if (!imageTypes.has(file.mimeType)) throw invalidFields({ file: ['validation.fileFormatInvalid'] });
      const fileName = file.fileName.slice(0, 255) || 'cabecalho';
      const row = await db.transaction(async (tx) => {
        const [media] = await insertMedia(tx, scope, [
          {
            purpose: 'header',
            applicationId: null,
            questionId: null,
            storageKey: file.key,
            mimeType: file.mimeType,
            sizeBytes: file.sizeBytes,
            fileName,
          },
        ]);
        await recordAudit(tx, actor, {
          action: AuditAction.surveyHeaderUpload,
          target: { type: 'survey_media', id: media!.id, name: fileName },
          changes: changedFields(null, { tipo: file.mimeType, tamanho: file.sizeBytes }),
        });
        return media;
      });
      return { idMidia: row!.id, url: mediaUrl(row!.storageKey)! };
    },

    /** Creates a draft or edits a survey, keeping what its answers need. */
    async save(scope: SurveyReader, input: SaveSurveyInput, actor: Actor) {
      const startsAt = new Date(input.dtInicioPesquisa);
      const endsAt = new Date(input.dtFimPesquisa);
      const errors: Record<string, FieldMessage[]> = {};
      if (endsAt <= startsAt) errors.dtFimPesquisa = ['validation.endNotAfterStart'];
      const groupIds = [...new Set(input.idsGrupos)];
      if ((await findCompanyGroupIds(db, scope.companyId, groupIds)).length !== groupIds.length) {
        errors.idsGrupos = ['validation.groupsInvalid'];
      }
      if (input.idMidiaCabecalho !== null && !(await findHeaderMedia(db, scope, input.idMidiaCabecalho))) {
        errors.idMidiaCabecalho = ['validation.surveyFileInvalid'];
      }
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      const questions = questionValues(input);
      let before: Record<string, unknown> | null = null;
      if (input.idPesquisa !== undefined) {
        const existing = await requireCompanySurvey(scope, input.idPesquisa);
        if (input.versao !== undefined && input.versao !== existing.version)
          throw new AppError('REGISTRO_ALTERADO');
        await guardAnsweredParts(scope, existing, questions);
        const [existingGroups, existingQuestions] = await Promise.all([
          listSurveyGroups(db, scope, [input.idPesquisa]),
          listQuestions(db, scope, input.idPesquisa),
        ]);
        before = auditState(
          existing,
          existingGroups.map((group) => group.groupId),
          existingQuestions.map((question) => question.title),
        );
      } else if (questions.some((question) => question.id !== undefined)) {
        throw new AppError('NOT_FOUND');
      }
      const values = {
        title: input.titulo,
        description: input.descricao || null,
        headerMediaId: input.idMidiaCabecalho,
        mainColor: input.corPrincipal,
        backgroundColor: input.corFundo,
        startsAt,
        endsAt,
        oneAnswerPerUser: input.limitarAUmaResposta,
        autosaveDisabled: input.desabilitarSalvamentoAutomatico,
        anonymous: input.flAnonima === 'S',
        quiz: input.flQuiz === 'S',
      };
      const surveyId = await db.transaction(async (tx) => {
        let id = input.idPesquisa;
        if (id === undefined) id = await insertSurvey(tx, scope, { ...values, status: 'draft' });
        // A stale versao (someone saved the survey since this copy was read) writes nothing.
        else if (!(await updateSurvey(tx, scope, id, values, input.versao)))
          throw new AppError('REGISTRO_ALTERADO');
        await replaceSurveyGroups(tx, scope, id, groupIds);
        await syncQuestions(tx, scope, id, questions);
        await recordAudit(tx, actor, {
          action: before === null ? AuditAction.surveyCreate : AuditAction.surveyUpdate,
          target: surveyTarget(id, values.title),
          changes: changedFields(
            before,
            auditState(
              values,
              groupIds,
              questions.map((question) => question.title),
            ),
          ),
        });
        return id;
      });
      return adminView(scope, surveyId);
    },

    /** A draft copy with the same questions and options and no answers. */
    async duplicate(scope: SurveyReader, surveyId: number, t: TFunction, actor: Actor) {
      const survey = await requireCompanySurvey(scope, surveyId);
      const [groups, questions] = await Promise.all([
        listSurveyGroups(db, scope, [surveyId]),
        listQuestions(db, scope, surveyId),
      ]);
      const suffix = t('surveys.copySuffix');
      const copyTitle = survey.title.slice(0, limits.survey.titleMax - suffix.length) + suffix;
      const copyId = await db.transaction(async (tx) => {
        const id = await insertSurvey(tx, scope, {
          title: copyTitle,
          description: survey.description,
          headerMediaId: survey.headerMediaId,
          mainColor: survey.mainColor,
          backgroundColor: survey.backgroundColor,
          startsAt: survey.startsAt,
          endsAt: survey.endsAt,
          oneAnswerPerUser: survey.oneAnswerPerUser,
          autosaveDisabled: survey.autosaveDisabled,
          anonymous: survey.anonymous,
          quiz: survey.quiz,
          status: 'draft',
        });
        await replaceSurveyGroups(
          tx,
          scope,
          id,
          groups.map((group) => group.groupId),
        );
        await syncQuestions(
          tx,
          scope,
          id,
          questions.map((question) => ({
            ...question,
            id: undefined,
            options: question.options.map((option) => ({ ...option, id: undefined })),
          })),
        );
        await recordAudit(tx, actor, {
          action: AuditAction.surveyDuplicate,
          target: surveyTarget(id, copyTitle),
          changes: changedFields(null, { idPesquisaOrigem: surveyId, titulo: copyTitle }),
        });
        return id;
      });
      return adminView(scope, copyId);
    },

    async publish(scope: SurveyReader, surveyId: number, actor: Actor) {
      const survey = await requireCompanySurvey(scope, surveyId);
      if (survey.status !== 'draft') throw new AppError('SURVEY_STATE_INVALID');
      const errors: Record<string, FieldMessage[]> = {};
      if ((await listQuestions(db, scope, surveyId)).length === 0) {
        errors.questoes = ['validation.surveyNeedsQuestions'];
      }
      if (survey.endsAt <= new Date()) errors.dtFimPesquisa = ['validation.surveyEndInPast'];
      if ((await listSurveyGroups(db, scope, [surveyId])).length === 0)
        errors.idsGrupos = ['validation.required'];
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      await db.transaction(async (tx) => {
        await setSurveyStatus(tx, scope, surveyId, 'published');
        await recordAudit(tx, actor, {
          action: AuditAction.surveyPublish,
          target: surveyTarget(surveyId, survey.title),
          changes: changedFields({ status: survey.status }, { status: 'published' }),
        });
      });
      const audience = await listAudienceUserIds(db, scope, surveyId);
      await deps.notifications.notify({
        companyId: scope.companyId,
        userIds: audience.filter((userId) => userId !== scope.userId),
        type: NotificationType.surveyPublished,
        title: 'Nova pesquisa disponível',
        body: survey.title,
        link: `/painel/pesquisas/acessar/${surveyId}`,
      });
      return adminView(scope, surveyId);
    },

    async close(scope: SurveyReader, surveyId: number, actor: Actor) {
      const survey = await requireCompanySurvey(scope, surveyId);
      if (survey.status !== 'published') throw new AppError('SURVEY_STATE_INVALID');
      await db.transaction(async (tx) => {
        await setSurveyStatus(tx, scope, surveyId, 'closed');
        await recordAudit(tx, actor, {
          action: AuditAction.surveyClose,
          target: surveyTarget(surveyId, survey.title),
          changes: changedFields({ status: survey.status }, { status: 'closed' }),
        });
      });
      return adminView(scope, surveyId);
    },

    async remove(scope: TenantScope, surveyId: number, actor: Actor) {
      const survey = await requireCompanySurvey(scope, surveyId);
      if ((await findAnsweredParts(db, scope, surveyId)).applications > 0) {
        throw new AppError('SURVEY_HAS_ANSWERS');
      }
      await db.transaction(async (tx) => {
        await deleteSurvey(tx, scope, surveyId);
        await recordAudit(tx, actor, {
          action: AuditAction.surveyDelete,
          target: surveyTarget(surveyId, survey.title),
          changes: changedFields({ titulo: survey.title, status: survey.status }, null),
        });
      });
      return { ok: true as const };
    },

    /**
     * Results with the response rate against the audience and, unless anonymous, each answer; of
     * everyone or of one slice. An anonymous survey's results (or slice's) the rules hide come
     * with every count null, no text, and the reason in words.
     */
    async adminResults(
      scope: SurveyReader,
      input: { surveyId: number; slice?: SliceRef | undefined },
      t: TFunction,
    ) {
      const survey = await requireCompanySurvey(scope, input.surveyId);
      const actor = recordActorOf(scope);
      const minimum = await minimumOf(scope.companyId);
      const [groups, questions, everyone, sliceOptions] = await Promise.all([
        listSurveyGroups(db, scope, [survey.id]),
        listQuestions(db, scope, survey.id),
        countResults(db, scope, survey.id),
        listSliceOptions(db, scope, survey.id),
      ]);
      const rules = { companyId: survey.companyId, anonymous: survey.anonymous, minRespondents: minimum };
      const summary = authorizeSurveyResult(actor, 'count', { ...rules, respondents: everyone.respondents });
      const slice = input.slice
        ? await resolveSlice(scope, survey, input.slice, minimum, 'recorte')
        : undefined;
      const counts = slice ? await countResults(db, scope, survey.id, slice.people) : everyone;
      const decision = authorizeSurveyResult(actor, 'read', {
        ...rules,
        respondents: counts.respondents,
        sliceWithheld: slice?.withheld ?? false,
      });
      const audience = await countAudience(db, scope, survey.id, slice?.ref);
      const common = {
        pesquisa: presentAdminSummary(survey, groups, summary.show ? everyone.applications : null),
        qtdPublicoAlvo: audience.audience,
        qtdMinimaRespondentes: minimum,
        recorte: slice ? presentSlice({ ...slice.ref, name: slice.name }) : null,
        recortes: sliceOptions.map(presentSlice),
      };
      if (!decision.show) {
        return {
          ...common,
          qtdRespondentes: null,
          taxaResposta: null,
          qtdAplicacoes: null,
          questoes: presentResults(survey, questions, null).map((result) => ({ ...result, textos: [] })),
          respostasIndividuais: [],
          resultadoOculto: hiddenResults(decision, t),
        };
      }
      const report = await buildReport(scope, survey, questions, slice?.people);
      const newestFirst = [...report.answers.answers].reverse();
      return {
        ...common,
        qtdRespondentes: audience.respondents,
        taxaResposta:
          audience.audience === 0
            ? 0
            : Math.min(100, Math.round((audience.respondents / audience.audience) * 1000) / 10),
        qtdAplicacoes: counts.applications,
        questoes: presentResults(survey, questions, counts).map((result) => ({
          ...result,
          textos: orderOpenTexts(
            newestFirst
              .filter((row) => row.questionId === result.idPesquisaQuestao && row.text)
              .map((row) => row.text!),
            survey.anonymous,
          ),
        })),
        respostasIndividuais: survey.anonymous ? [] : report.rows(),
        resultadoOculto: null,
      };
    },

    /** The company's survey settings. */
    async getSettings(scope: TenantScope) {
      return { configuracoes: { qtdMinimaRespondentes: await minimumOf(scope.companyId) } };
    },

    /** Changes the minimum of respondents (ADMIN_PESQUISAS at E, 3 to 100), audited. */
    async saveSettings(scope: SurveyReader, minRespondents: number, actor: Actor) {
      authorizeMinimumChange(recordActorOf(scope), minRespondents);
      await db.transaction(async (tx) => {
        const before = effectiveMinimum(await findMinRespondents(tx, scope.companyId));
        await saveMinRespondents(tx, scope.companyId, minRespondents);
        await recordAudit(tx, actor, {
          action: AuditAction.surveySettingsUpdate,
          target: { type: 'survey_settings', id: scope.companyId },
          changes: changedFields(
            { qtdMinimaRespondentes: before },
            { qtdMinimaRespondentes: minRespondents },
          ),
        });
      });
      return { configuracoes: { qtdMinimaRespondentes: minRespondents } };
    },

    /**
     * The media route's rule for survey files: a header image is for everyone of the company; an
     * answer's file for the person who sent it and survey administrators (ADMIN_PESQUISAS, L or E).
     */
    mayReadMedia(reader: TenantScope & Caller, key: string): Promise<boolean> {
      return mayReadSurveyMedia(db, reader, {
        key,
        surveyAdministrator: mayAccess(reader, AdminPermission.surveys),
      });
    },

    /**
     * Everything an export holds: one row per finished application, one column per question. An
     * anonymous survey's export tells nothing that could point at a person: no name, no answer id
     * or time, files counted rather than named, and rows in the order of their answers, not of time.
     */
    async exportTable(
      scope: SurveyReader,
      input: { surveyId: number; slice?: SliceRef | undefined },
      t: TFunction,
    ) {
      const survey = await requireCompanySurvey(scope, input.surveyId);
      const minimum = await minimumOf(scope.companyId);
      const slice = input.slice
        ? await resolveSlice(scope, survey, input.slice, minimum, 'idRecorte')
        : undefined;
      const counts = await countResults(db, scope, survey.id, slice?.people);
      // Throws 409 with the results page's words when the rules hide them.
      authorizeSurveyResult(recordActorOf(scope), 'export', {
        companyId: survey.companyId,
        anonymous: survey.anonymous,
        respondents: counts.respondents,
        minRespondents: minimum,
        sliceWithheld: slice?.withheld ?? false,
      });
      const report = await buildReport(
        scope,
        survey,
        await listQuestions(db, scope, survey.id),
        slice?.people,
      );
      const { anonymous } = report.survey;
      const titles = report.questions.map((question) => question.title);
      const header = anonymous
        ? titles
        : [
            t('surveys.export.application'),
            t('surveys.export.respondent'),
            t('surveys.export.finishedAt'),
            ...titles,
          ];
      const lines = report.rows().map((row) => {
        const cells = report.questions.map((question) => {
          const answer = row.respostas.find((entry) => entry.idPesquisaQuestao === question.id);
          if (!answer) return '';
          if (anonymous && answer.midias.length > 0)
            return t('surveys.export.files', { count: answer.midias.length });
          return answer.textoResposta;
        });
        return anonymous
          ? cells
          : [
              String(row.idAplicacao),
              row.usuario.nome,
              formatExportDate(new Date(row.dtFinalizacao)),
              ...cells,
            ];
      });
      if (anonymous) lines.sort(compareLines);
      return { title: report.survey.title, header, lines };
    },
  };

  /** A survey's finished applications (of the given people only) with their answers. */
  async function buildReport(
    scope: TenantScope,
    survey: SurveyWithHeader,
    questions: QuestionWithOptions[],
    people: PeopleFilter,
  ) {
    const applications = await listFinishedApplications(db, scope, survey.id, people);
    const answers = await listAnswers(
      db,
      scope,
      applications.map((row) => row.application.id),
    );
    return {
      survey,
      questions,
      applications,
      answers,
      rows: () =>
        applications.map(({ application, userName }) => {
          const own = answers.answers.filter((row) => row.applicationId === application.id);
          const files = answers.media.filter((file) => file.applicationId === application.id);
          return {
            idAplicacao: application.id,
            usuario: { idUsuario: application.userId, nome: userName },
            dtFinalizacao: application.finishedAt!.toISOString(),
            respostas: questions.flatMap((question) => {
              const answer = presentAnswer(question, own, files);
              return answer ? [{ ...answer, textoResposta: answerText(question, answer) }] : [];
            }),
          };
        }),
    };
  }
}
