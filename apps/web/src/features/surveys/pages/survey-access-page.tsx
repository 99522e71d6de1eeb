import { useTranslation } from 'react-i18next';
import { PageHeading } from '#ui/page-heading.tsx';
import { SurveyPendingState } from '../components/survey-pending-state.tsx';

/** Entry to one survey (/painel/pesquisas/acessar/{idPesquisa}). */
export function SurveyAccessPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('portal.surveys.accessTitle')} />
      <SurveyPendingState />
    </>
  );
}
