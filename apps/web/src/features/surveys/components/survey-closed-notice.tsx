import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { buttonClassName } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { useFunctionText } from '#lib/function-names.ts';
import { Permission } from '@elo/contract/enums';

/** The closed-survey notice (spec section 2), for someone who may not see the results. */
export function SurveyClosedNotice({ titulo }: { titulo: string }) {
  const { t } = useTranslation();
  const backLabel = useFunctionText(Permission.surveys, t('portal.surveys.backToList'), (name) =>
    t('portal.surveys.backToListNamed', { name }),
  );
  return (
    <>
      <PageHeading title={titulo} />
      <EmptyState
        title={t('portal.surveys.closedTitle')}
        description={t('portal.surveys.closedDescription')}
        action={
          <Link to={paths.portal.surveys} className={buttonClassName({ variant: 'secondary' })}>
            {backLabel}
          </Link>
        }
      />
    </>
  );
}
