import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { queryParams } from '#app/paths.ts';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';

/** Contact HR (/painel/fale-rh and /painel/fale-com-rh?idChamado=N from the app's deep link). */
export function HrContactPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const ticketId = searchParams.get(queryParams.ticketId);
  return (
    <>
      <PageHeading title={t('portal.hrContact.title')} />
      {ticketId && (
        <p className="mb-4 text-slate-700">{t('portal.hrContact.ticketRequested', { id: ticketId })}</p>
      )}
      <EmptyState
        title={t('portal.hrContact.emptyTitle')}
        description={t('portal.hrContact.emptyDescription')}
      />
    </>
  );
}
