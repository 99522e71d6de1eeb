import { useTranslation } from 'react-i18next';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';

/** The surveys list (/painel/pesquisas; needs ADMIN_VIEW_APP_ABA_PESQUISAS). */
export function SurveyListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('portal.surveys.listTitle')} />
      <EmptyState
        title={t('portal.surveys.listEmptyTitle')}
        description={t('portal.surveys.listEmptyDescription')}
      />
    </>
  );
}
