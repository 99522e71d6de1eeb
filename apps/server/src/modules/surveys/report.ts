import type { TenantScope } from '../../platform/tenancy.ts';
import { answerText, savedAnswer, type SavedAnswer } from './answer-rules.ts';
import type { SurveysModule } from './model.ts';
import { listAnswers } from './repo/applications.ts';
import { listFinishedApplications, type PeopleFilter } from './repo/results.ts';
import type { QuestionWithOptions, SurveyWithHeader } from './repo/surveys.ts';

/** One finished application as the administration reads it: who, when, and each answer. */
export interface ReportRow {
  applicationId: number;
  userId: number;
  userName: string;
  finishedAt: Date;
  /** The questions answered, in the survey's order, each also in words. */
  answers: (SavedAnswer & { inWords: string })[];
}

/** A survey's finished applications (of the given people only) with their answers. */
export async function buildReport(
  { db }: SurveysModule,
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
    rows: (): ReportRow[] =>
      applications.map(({ application, userName }) => {
        const own = answers.answers.filter((row) => row.applicationId === application.id);
        const files = answers.media.filter((file) => file.applicationId === application.id);
        return {
          applicationId: application.id,
          userId: application.userId,
          userName,
          finishedAt: application.finishedAt!,
          answers: questions.flatMap((question) => {
            const answer = savedAnswer(question, own, files);
            return answer ? [{ ...answer, inWords: answerText(question, answer) }] : [];
          }),
        };
      }),
  };
}
