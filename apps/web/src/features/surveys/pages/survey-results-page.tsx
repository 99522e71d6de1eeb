import { useTranslation } from 'react-i18next';
import { PageHeading } from '#ui/page-heading.tsx';
import { SurveyPendingState } from '../components/survey-pending-state.tsx';

/** A survey's results (/painel/pesquisas/respostas/{idPesquisa}). */
export function SurveyResultsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('portal.surveys.resultsTitle')} />
      <SurveyPendingState />
    </>
  );
}
