import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#app/paths.ts';
import { buttonClassName } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';

/** The closed-survey notice (spec section 2), for someone who may not see the results. */
export function SurveyClosedNotice({ titulo }: { titulo: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={titulo} />
      <EmptyState
        title={t('portal.surveys.closedTitle')}
        description={t('portal.surveys.closedDescription')}
        action={
          <Link to={paths.portal.surveys} className={buttonClassName({ variant: 'secondary' })}>
            {t('portal.surveys.backToList')}
          </Link>
        }
      />
    </>
  );
}
