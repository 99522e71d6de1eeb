import { useTranslation } from 'react-i18next';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import type { AdminSection } from '../admin-sections.ts';

/** An administration area whose screens arrive in a later version: its name and an empty state. */
export function AdminSectionPage({ section }: { section: AdminSection }) {
  const { t } = useTranslation();
  const name = t(`admin.sections.${section}`);
  return (
    <>
      <PageHeading title={name} />
      <EmptyState
        title={t('admin.emptyTitle')}
        description={t('admin.emptyDescription', { section: name })}
      />
    </>
  );
}
