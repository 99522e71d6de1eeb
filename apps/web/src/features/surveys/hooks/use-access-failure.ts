import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '#lib/paths.ts';
import { ApiError, isSessionExpiredError } from '#lib/api-client.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';

/** Which of spec section 8's survey access messages an error calls for. */
export function accessFailureKind(error: unknown): 'notFound' | 'denied' | 'other' {
  if (error instanceof ApiError && error.status === 404) return 'notFound';
  if (error instanceof ApiError && error.errorCode === 'SURVEY_ACCESS_DENIED') return 'denied';
  return 'other';
}

/**
 * When a survey cannot be opened: 404 says 'Pesquisa não encontrada ou não disponível.', no access
 * 'Você não tem acesso a esta pesquisa.', anything else 'Erro ao acessar a pesquisa.'; then the
 * user goes back to the survey list (spec section 8). An expired session leaves on its own.
 */
export function useLeaveOnAccessFailure(error: unknown) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showToast = useToastStore((state) => state.showToast);
  useEffect(() => {
    if (!error || isSessionExpiredError(error)) return;
    const messages = {
      notFound: t('portal.surveys.accessNotFound'),
      denied: t('portal.surveys.accessDenied'),
      other: t('portal.surveys.accessError'),
    };
    showToast({ type: 'error', message: messages[accessFailureKind(error)] });
    void navigate(paths.portal.surveys, { replace: true });
  }, [error, navigate, showToast, t]);
}
