import type { TFunction } from 'i18next';
import { recordActorOf } from '../../platform/auth/record-policy.ts';
import type { ExportCell, ExportTable } from '../../platform/table-file.ts';
import { minimumOf, requireCompanySurvey } from './access.ts';
import type { SurveyReader, SurveysModule } from './model.ts';
import { authorizeSurveyResult, surveyResultRecord } from './policy.ts';
import { buildReport } from './report.ts';
import { countResults, type SliceRef } from './repo/results.ts';
import { listQuestions } from './repo/surveys.ts';
import { resolveSlice } from './results.ts';

/** Orders export lines by their cells, so an anonymous export's order says nothing of time. */
function compareLines(a: string[], b: string[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const order = a[index]!.localeCompare(b[index]!, 'pt-BR');
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/**
 * Everything an export holds: one row per finished application, one column per question. An
 * anonymous survey's export tells nothing that could point at a person: no name, no answer id
 * or time, files counted rather than named, and rows in the order of their answers, not of time.
 * The table's words are in the caller's language.
 */
export async function exportSurvey(
  module: SurveysModule,
  scope: SurveyReader,
  input: { surveyId: number; slice?: SliceRef | undefined },
  t: TFunction,
): Promise<ExportTable> {
  const survey = await requireCompanySurvey(module, scope, input.surveyId);
  const minimum = await minimumOf(module, scope.companyId);
  const slice = input.slice
    ? await resolveSlice(module, scope, survey, input.slice, minimum, 'idRecorte')
    : undefined;
  const counts = await countResults(module.db, scope, survey.id, slice?.people);
  // Throws 409 with the results page's words when the rules hide them.
  authorizeSurveyResult(recordActorOf(scope), 'export', {
    ...surveyResultRecord(survey, counts.respondents, minimum),
    sliceWithheld: slice?.withheld ?? false,
  });
  const report = await buildReport(
    module,
    scope,
    survey,
    await listQuestions(module.db, scope, survey.id),
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
  const answersOf = (row: ReturnType<typeof report.rows>[number]) =>
    report.questions.map((question) => {
      const answer = row.answers.find((entry) => entry.questionId === question.id);
      if (!answer) return '';
      if (anonymous && answer.files.length > 0)
        return t('surveys.export.files', { count: answer.files.length });
      return answer.inWords;
    });
  const lines: ExportCell[][] = anonymous
    ? report.rows().map(answersOf).sort(compareLines)
    : report
        .rows()
        .map((row) => [
          String(row.applicationId),
          row.userName,
          { instant: row.finishedAt },
          ...answersOf(row),
        ]);
  return { title: report.survey.title, header, lines };
}
