import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#app/paths.ts';
import { buttonClassName } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';

/** What a single-survey page shows until the survey screens exist, with the way back to the list. */
export function SurveyPendingState() {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t('portal.surveys.detailEmptyTitle')}
      description={t('portal.surveys.detailEmptyDescription')}
      action={
        <Link to={paths.portal.surveys} className={buttonClassName({ variant: 'secondary' })}>
          {t('portal.surveys.backToList')}
        </Link>
      }
    />
  );
}
