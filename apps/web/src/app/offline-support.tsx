import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useKnownLoggedUser } from '#lib/session.ts';
import { useOnline } from '#lib/offline/use-online.ts';

/**
 * Reading without a connection (issue 30): while someone is signed in, their pages are kept on the
 * device (the offline store loads then, never on the login page); without a connection, a banner
 * says the portal shows what was saved.
 */
export function OfflineSupport() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const signedIn = Boolean(useKnownLoggedUser());
  const online = useOnline();

  useEffect(() => {
    // Without IndexedDB (some private windows, a test's page) the portal works, keeping nothing.
    if (!signedIn || typeof indexedDB === 'undefined') return;
    let stop: (() => void) | undefined;
    let ended = false;
    void import('#lib/offline/offline-store.ts')
      .then(({ keepForOffline }) => {
        if (!ended) stop = keepForOffline(client);
      })
      .catch(() => undefined);
    return () => {
      ended = true;
      stop?.();
    };
  }, [signedIn, client]);

  if (!signedIn || online) return null;
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950">
      {t('common.offline')}
    </p>
  );
}
