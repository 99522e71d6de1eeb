import { useTranslation } from 'react-i18next';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';

/** The employee dashboard (/painel/dashboard). */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('portal.dashboard.title')} />
      <EmptyState
        title={t('portal.dashboard.emptyTitle')}
        description={t('portal.dashboard.emptyDescription')}
      />
    </>
  );
}
