import { useTranslation } from 'react-i18next';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';

/** The chat (/painel/chat; needs ADMIN_APP_TAB_MENSAGENS). */
export function ChatPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('portal.chat.title')} />
      <EmptyState title={t('portal.chat.emptyTitle')} description={t('portal.chat.emptyDescription')} />
    </>
  );
}
