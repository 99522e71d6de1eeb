import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#app/paths.ts';
import { buttonClassName } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { PageHeading } from '#ui/page-heading.tsx';

/** The access flows whose screens arrive in a later version. */
export type PendingAccessFlow =
  'firstAccessStep1' | 'firstAccessStep2' | 'passwordByEmail' | 'passwordByMatricula' | 'passwordReset';

/** First access and password pages before their flows exist: what is coming, and the way back. */
export function PendingAccessPage({ flow }: { flow: PendingAccessFlow }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2">
      <PageHeading title={t(`auth.pending.${flow}`)} />
      <EmptyState
        title={t('auth.pending.comingTitle')}
        description={t('auth.pending.comingDescription')}
        action={
          <Link to={paths.login} className={buttonClassName({ variant: 'secondary' })}>
            {t('auth.pending.backToLogin')}
          </Link>
        }
      />
    </div>
  );
}
