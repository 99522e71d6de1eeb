import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { queryParams } from '#app/paths.ts';
import { PageHeading } from '#ui/page-heading.tsx';
import { SurveyPendingState } from '../components/survey-pending-state.tsx';

/** Answering a survey (/painel/pesquisas/responder/{id}/aplicacao/{id}; editando=S edits an answer). */
export function SurveyAnswerPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const editing = searchParams.get(queryParams.editing) === 'S';
  return (
    <>
      <PageHeading title={editing ? t('portal.surveys.editAnswerTitle') : t('portal.surveys.answerTitle')} />
      <SurveyPendingState />
    </>
  );
}
