import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { loginReturningTo, paths, queryParams, safeReturnPath, sessionExpiredReason } from '#lib/paths.ts';
import { quietApi } from '#lib/api.ts';
import { leavePageFor } from '#lib/leave-page.ts';
// 'Sessão expirada' is one of the contract's texts, which the login route does not carry.
import '#lib/i18n/contract-texts.ts';
import { loggedUserQueryKey } from '#lib/session.ts';
import { storageKeys, writeStorage } from '#lib/storage-keys.ts';
import { useAlertStore } from '#lib/stores/alert-store.ts';
import { PageSpinner } from '#ui/spinner.tsx';
import { sessionExpiredAlertId } from '../session-expired-alert.ts';

/**
 * /logout: ends the session on the server, forgets everything cached about the user and the
 * chat token, and goes to the login page ('Sessão expirada' when the session had expired).
 */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const addAlert = useAlertStore((state) => state.addAlert);
  const sessionExpired = searchParams.get(queryParams.logoutReason) === sessionExpiredReason;
  const started = useRef(false);

  useEffect(() => {
    // Logging out twice (StrictMode runs effects twice in development) would only cost a request.
    if (started.current) return;
    started.current = true;
    const finish = (answer?: { urlSaidaIdp?: string }) => {
      writeStorage(storageKeys.chatToken, null);
      // What was kept on the device for reading offline (pages, images, waiting changes) goes too.
      void import('#lib/offline/offline-store.ts')
        .then(({ forgetOffline }) => forgetOffline())
        .catch(() => undefined);
      // Reset (not remove) the user so components watching it see "nobody" and drop the company theme.
      void queryClient.resetQueries({ queryKey: loggedUserQueryKey, exact: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== loggedUserQueryKey[0] });
      if (sessionExpired) {
        addAlert({
          id: sessionExpiredAlertId,
          type: 'error',
          message: t('SESSION_EXPIRED', { ns: 'errors' }),
        });
      }
      // After a single sign-on, the provider's session ends too: its sign-out page sends the
      // browser back to the login page.
      if (answer?.urlSaidaIdp) {
        leavePageFor(answer.urlSaidaIdp);
        return;
      }
      // An expired session sends the user back to the page they were on once they sign in again.
      const returnTo = sessionExpired ? safeReturnPath(searchParams.get(queryParams.returnTo)) : null;
      void navigate(returnTo ? loginReturningTo(returnTo) : paths.login, { replace: true });
    };
    // A failed logout (session already gone, server down) still signs the user out here.
    quietApi.doLogout({}).then(finish, () => finish());
  }, [queryClient, navigate, addAlert, sessionExpired, searchParams, t]);

  return <PageSpinner label={t('auth.logout.inProgress')} />;
}
