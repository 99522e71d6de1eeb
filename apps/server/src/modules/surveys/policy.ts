import { anonymityRules } from '@elo/contract/calls/surveys-rules';
import { AdminPermission } from '@elo/contract/enums';
import { editsArea, readsArea, type RecordActor } from '../../platform/auth/record-policy.ts';
import { AppError, invalidFields } from '../../platform/http/app-error.ts';

/**
 * What is done with a survey's results:
 * - `read`: the administration's results page (counts, charts, open texts, respondents, rate);
 * - `export`: the administration's CSV or XLSX file of the answers;
 * - `count`: the answer count the administration's list and editor show, and which questions
 *   and options already have answers (the editor's locks say it too);
 * - `readAsRespondent`: the employee's results page (the counts beside their own answers).
 */
export type SurveyResultAction = 'read' | 'export' | 'count' | 'readAsRespondent';

/** What the rules need of the results asked for. */
export interface SurveyResultRecord {
  companyId: number;
  anonymous: boolean;
  /** Distinct people with a finished application: of the whole survey, or of the slice asked for. */
  respondents: number;
  /** The company's setting (the rules never go below the floor of 3 whatever it holds). */
  minRespondents: number;
  /** A slice is asked for and `visibleSlices` withholds it (it would single out fewer people). */
  sliceWithheld?: boolean;
}

/** A survey's results as the rule weighs them: whose, whether anonymous, how many answered. */
export const surveyResultRecord = (
  survey: { companyId: number; anonymous: boolean },
  respondents: number,
  minRespondents: number,
): SurveyResultRecord => ({
  companyId: survey.companyId,
  anonymous: survey.anonymous,
  respondents,
  minRespondents,
});

/** Why results are hidden. */
export type HiddenReason = 'fewRespondents' | 'sliceCombination';

/** Whether the results show; when not, why, and the minimum the message names. */
export type SurveyResultDecision = { show: true } | { show: false; reason: HiddenReason; minimum: number };

/** The minimum of respondents in force: the company's setting, never below the floor. */
export function effectiveMinimum(setting: number | null | undefined): number {
  return Math.max(anonymityRules.minRespondentsFloor, setting ?? anonymityRules.minRespondentsDefault);
}

/**
 * When a survey's results may show (docs/security.md, "Record rules: anonymous surveys"):
 * - another company's survey is not found; the administration's actions need ADMIN_PESQUISAS (L
 *   or E), the employee's page is the employee's own (the service checked they may see it);
 * - a survey that is not anonymous always shows (its answers carry names anyway);
 * - an anonymous survey shows only once at least the minimum of people answered it, and a slice
 *   of it only when it has that many and `visibleSlices` keeps it; nobody is exempt, not even
 *   the master.
 * Hidden results read as hidden; an export of them is refused with 409 and the same words.
 */
export function authorizeSurveyResult(
  actor: RecordActor,
  action: SurveyResultAction,
  record: SurveyResultRecord,
): SurveyResultDecision {
  if (record.companyId !== actor.companyId) throw new AppError('SURVEY_NOT_FOUND');
  if (action !== 'readAsRespondent' && !readsArea(actor, AdminPermission.surveys)) {
    throw new AppError('FORBIDDEN');
  }
  if (!record.anonymous) return { show: true };
  const minimum = effectiveMinimum(record.minRespondents);
  let reason: HiddenReason | null = null;
  if (record.respondents < minimum) reason = 'fewRespondents';
  else if (record.sliceWithheld && (action === 'read' || action === 'export')) reason = 'sliceCombination';
  if (reason === null) return { show: true };
  if (action === 'export') {
    throw new AppError(reason === 'fewRespondents' ? 'SURVEY_RESULTS_HIDDEN' : 'SURVEY_SLICE_HIDDEN', {
      params: { minimo: minimum },
    });
  }
  return { show: false, reason, minimum };
}

/**
 * Who may change the company's minimum of respondents, and to what: ADMIN_PESQUISAS at E (403
 * otherwise), to a whole number from 3 to 100 (422 on `qtdMinimaRespondentes` otherwise, also
 * when a client skips the contract's check).
 */
export function authorizeMinimumChange(actor: RecordActor, value: number): void {
  if (!editsArea(actor, AdminPermission.surveys)) throw new AppError('FORBIDDEN');
  if (
    !Number.isInteger(value) ||
    value < anonymityRules.minRespondentsFloor ||
    value > anonymityRules.minRespondentsMax
  ) {
    throw invalidFields({ qtdMinimaRespondentes: ['validation.surveyMinRespondentsRange'] });
  }
}

/** A respondent and the slices they fall in (keys such as `GRUPO:12`, `UNIDADE:3`). */
export interface RespondentSlices {
  userId: number;
  slices: readonly string[];
}

/**
 * The slices of an anonymous survey whose results may show. A slice needs the minimum of
 * respondents; and since the results of several slices (and of everyone) can be subtracted from
 * each other, the slices that show must split the respondents into cells (people alike in which
 * of those slices they fall in) of at least the minimum each: otherwise the smallest slice is
 * withheld too, until they do. With no slice left, the one cell is everyone.
 */
export function visibleSlices(respondents: readonly RespondentSlices[], minimum: number): Set<string> {
  if (respondents.length < minimum) return new Set();
  const sizes = new Map<string, number>();
  for (const person of respondents) {
    for (const slice of new Set(person.slices)) sizes.set(slice, (sizes.get(slice) ?? 0) + 1);
  }
  // Smallest first, ties by key (lower id first), so the same answers always withhold the same slices.
  const shown = [...sizes]
    .filter(([, size]) => size >= minimum)
    .sort(
      ([keyA, sizeA], [keyB, sizeB]) => sizeA - sizeB || keyA.localeCompare(keyB, 'en', { numeric: true }),
    )
    .map(([key]) => key);
  for (;;) {
    const showing = new Set(shown);
    const cells = new Map<string, number>();
    for (const person of respondents) {
      const cell = [...new Set(person.slices.filter((slice) => showing.has(slice)))].sort().join('|');
      cells.set(cell, (cells.get(cell) ?? 0) + 1);
    }
    if ([...cells.values()].every((size) => size >= minimum)) return showing;
    shown.shift();
  }
}

/**
 * Open texts in the order the results list them: newest first for a survey that is not
 * anonymous; for an anonymous one by the text itself, so their order says nothing of when (or,
 * with the respondents' times known, of who) each was written.
 */
export function orderOpenTexts(texts: readonly string[], anonymous: boolean): string[] {
  if (!anonymous) return [...texts];
  return [...texts].sort((a, b) => a.localeCompare(b, 'pt-BR') || (a < b ? -1 : a > b ? 1 : 0));
}
