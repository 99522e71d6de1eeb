import { recordActorOf } from '../../platform/auth/record-policy.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import {
  employeeAbilities,
  minimumOf,
  requireCompanySurvey,
  requireVisibleSurvey,
  userState,
} from './access.ts';
import { chosenOptionIds, savedAnswer } from './answer-rules.ts';
import type { SurveyReader, SurveysModule } from './model.ts';
import {
  authorizeSurveyResult,
  orderOpenTexts,
  surveyResultRecord,
  visibleSlices,
  type HiddenReason,
  type RespondentSlices,
} from './policy.ts';
import { buildReport, type ReportRow } from './report.ts';
import { listAnswers } from './repo/applications.ts';
import {
  countAudience,
  countResults,
  findSliceName,
  listRespondentSlices,
  listSliceOptions,
  type RespondentRow,
  type SliceRef,
} from './repo/results.ts';
import { listQuestions, listSurveyGroups, type SurveyWithHeader } from './repo/surveys.ts';

// Results: the employee's beside their own answers, and the administration's of everyone or of
// one slice, as far as the anonymity rules let them show.

/** Why results are hidden, and the minimum the message names. */
export interface HiddenResults {
  reason: HiddenReason;
  minimum: number;
}

/** The counts of a survey's results: per option, per question, applications and respondents. */
export type ResultCounts = Awaited<ReturnType<typeof countResults>>;

/** A slice named, as the results page offers it. */
export type NamedSlice = SliceRef & { name: string };

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

/**
 * A slice of a survey's results: its name and the people in it among the respondents, and
 * whether the anonymity rules withhold it alongside the other slices (422 on `field` when the
 * survey cannot be cut by it).
 */
export async function resolveSlice(
  { db }: SurveysModule,
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

/**
 * Results for the employee, once they finished or the survey closed: their own answers always,
 * the counts only when the anonymity rules let them show (`counts` null, and why, otherwise).
 */
export async function getRespondentResults(module: SurveysModule, scope: SurveyReader, surveyId: number) {
  const survey = await requireVisibleSurvey(module, scope, surveyId);
  const state = await userState(module, scope, surveyId);
  if (!employeeAbilities(survey, state).canSeeResults) throw new AppError('SURVEY_RESULTS_UNAVAILABLE');
  const [questions, counts, own, minimum] = await Promise.all([
    listQuestions(module.db, scope, surveyId),
    countResults(module.db, scope, surveyId),
    listAnswers(module.db, scope, state.finishedId ? [state.finishedId] : []),
    minimumOf(module, scope.companyId),
  ]);
  const decision = authorizeSurveyResult(
    recordActorOf(scope),
    'readAsRespondent',
    surveyResultRecord(survey, counts.respondents, minimum),
  );
  let quizQuestions = 0;
  let right = 0;
  const answers = questions.map((question) => {
    const answer = savedAnswer(question, own.answers, own.media);
    const correctIds = question.options.filter((option) => option.isCorrect).map((option) => option.id);
    let correct: boolean | null = null;
    if (survey.quiz && correctIds.length > 0) {
      quizQuestions += 1;
      const chosen = answer ? chosenOptionIds(answer) : [];
      correct = chosen.length === correctIds.length && chosen.every((id) => correctIds.includes(id));
      if (correct) right += 1;
    }
    return { answer, correct };
  });
  return {
    survey,
    state,
    questions,
    counts: decision.show ? counts : null,
    hidden: decision.show ? null : decision,
    /** Per question, in order: the user's answer, and whether it is right (quiz questions). */
    answers,
    quizQuestions,
    right,
  };
}

/** The administration's results of a survey: what every answer to `getAdminResults` holds. */
interface AdminResultsCommon {
  survey: SurveyWithHeader;
  groups: Awaited<ReturnType<typeof listSurveyGroups>>;
  questions: Awaited<ReturnType<typeof listQuestions>>;
  /** The survey's finished applications; null when the anonymity rules hide even the count. */
  answerCount: number | null;
  audience: number;
  minimum: number;
  slice: NamedSlice | null;
  sliceOptions: NamedSlice[];
}

/** Results the anonymity rules hide: every count null, no text, and why. */
interface HiddenAdminResults extends AdminResultsCommon {
  hidden: HiddenResults;
}

/** Results that show, with the open texts per question and (unless anonymous) every answer. */
interface ShownAdminResults extends AdminResultsCommon {
  hidden: null;
  respondents: number;
  /** Respondents against the audience, 0 to 100. */
  responseRate: number;
  counts: ResultCounts;
  /** Per question id: its open and 'other' texts, in the order the page lists them. */
  texts: Map<number, string[]>;
  /** Empty for an anonymous survey. */
  individual: ReportRow[];
}

export type AdminResults = HiddenAdminResults | ShownAdminResults;

/**
 * Results with the response rate against the audience and, unless anonymous, each answer; of
 * everyone or of one slice. An anonymous survey's results (or slice's) the rules hide come
 * with every count null, no text, and the reason.
 */
export async function getAdminResults(
  module: SurveysModule,
  scope: SurveyReader,
  input: { surveyId: number; slice?: SliceRef | undefined },
): Promise<AdminResults> {
  const { db } = module;
  const survey = await requireCompanySurvey(module, scope, input.surveyId);
  const actor = recordActorOf(scope);
  const minimum = await minimumOf(module, scope.companyId);
  const [groups, questions, everyone, sliceOptions] = await Promise.all([
    listSurveyGroups(db, scope, [survey.id]),
    listQuestions(db, scope, survey.id),
    countResults(db, scope, survey.id),
    listSliceOptions(db, scope, survey.id),
  ]);
  const rules = { companyId: survey.companyId, anonymous: survey.anonymous, minRespondents: minimum };
  const summary = authorizeSurveyResult(actor, 'count', { ...rules, respondents: everyone.respondents });
  const slice = input.slice
    ? await resolveSlice(module, scope, survey, input.slice, minimum, 'recorte')
    : undefined;
  const counts = slice ? await countResults(db, scope, survey.id, slice.people) : everyone;
  const decision = authorizeSurveyResult(actor, 'read', {
    ...rules,
    respondents: counts.respondents,
    sliceWithheld: slice?.withheld ?? false,
  });
  const audience = await countAudience(db, scope, survey.id, slice?.ref);
  const common: AdminResultsCommon = {
    survey,
    groups,
    questions,
    answerCount: summary.show ? everyone.applications : null,
    audience: audience.audience,
    minimum,
    slice: slice ? { ...slice.ref, name: slice.name } : null,
    sliceOptions,
  };
  if (!decision.show) return { ...common, hidden: decision };
  const report = await buildReport(module, scope, survey, questions, slice?.people);
  const newestFirst = [...report.answers.answers].reverse();
  return {
    ...common,
    hidden: null,
    respondents: audience.respondents,
    responseRate:
      audience.audience === 0
        ? 0
        : Math.min(100, Math.round((audience.respondents / audience.audience) * 1000) / 10),
    counts,
    texts: new Map(
      questions.map((question) => [
        question.id,
        orderOpenTexts(
          newestFirst.filter((row) => row.questionId === question.id && row.text).map((row) => row.text!),
          survey.anonymous,
        ),
      ]),
    ),
    individual: survey.anonymous ? [] : report.rows(),
  };
}
