import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#lib/paths.ts';
import type { SubmitFailure } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { textLinkClassName } from '#ui/text-link.ts';

export interface AccessFailureAlertProps {
  failure: SubmitFailure | null;
  /** Where to start again when the token or link is no longer valid (410 TOKEN_INVALID). */
  restart: { to: string; label: string };
}

/**
 * The failure of an access form that belongs to no field, with the way forward it calls for:
 * start again after TOKEN_INVALID, sign in when first access was already done.
 */
export function AccessFailureAlert({ failure, restart }: AccessFailureAlertProps) {
  const { t } = useTranslation();
  if (!failure?.message) return null;
  let action = null;
  if (failure.errorCode === 'TOKEN_INVALID') {
    action = (
      <Link to={restart.to} className={textLinkClassName}>
        {restart.label}
      </Link>
    );
  } else if (failure.errorCode === 'FIRST_ACCESS_DONE') {
    action = (
      <Link to={paths.login} className={textLinkClassName}>
        {t('auth.access.goToLogin')}
      </Link>
    );
  }
  return (
    <Alert type="error" actions={action}>
      {failure.message}
    </Alert>
  );
}
