import { useTranslation } from 'react-i18next';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';

/** Reminders (/painel/exemplo/lembrete). */
export function RemindersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('portal.reminders.title')} />
      <EmptyState
        title={t('portal.reminders.emptyTitle')}
        description={t('portal.reminders.emptyDescription')}
      />
    </>
  );
}
