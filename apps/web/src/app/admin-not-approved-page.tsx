import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '#lib/i18n/contract-texts.ts';
import { translateContractKey } from '#lib/i18n/i18n.ts';
import { Alert } from '#ui/alert.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { textLinkClassName } from '#ui/text-link.ts';
import { homePath } from '#lib/paths.ts';

/**
 * What an administrator not yet approved sees instead of the administration. A chunk of its own:
 * its text is one of the contract's, which the login route does not carry.
 */
export function AdminNotApprovedPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-lg flex-col gap-4 p-6">
      <PageHeading title={t('guard.notApprovedTitle')} />
      <Alert type="warning" title={translateContractKey('errors.ADMIN_NOT_APPROVED')}>
        <Link to={homePath} className={textLinkClassName}>
          {t('guard.backToPortal')}
        </Link>
      </Alert>
    </main>
  );
}
