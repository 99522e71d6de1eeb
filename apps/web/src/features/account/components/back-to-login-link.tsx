import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import { textLinkClassName } from '#ui/text-link.ts';

/** The way back to the login page under every access form; `onClick` lets a flow forget itself. */
export function BackToLoginLink({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm">
      <Link to={paths.login} onClick={onClick} className={textLinkClassName}>
        {t('auth.access.backToLogin')}
      </Link>
    </p>
  );
}
