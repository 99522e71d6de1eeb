import { createApiClient, type ApiClientOptions } from './api-client.ts';
import { currentLanguage, i18n } from './i18n/i18n.ts';

let sessionExpiredHandler: (() => void) | null = null;

/** The app shell registers how to leave when the session expires (it owns the router). */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  sessionExpiredHandler = handler;
}

const shared: ApiClientOptions = {
  getLanguage: currentLanguage,
  getErrorTexts: () => ({
    fallback: i18n.t('apiErrors.default'),
    network: i18n.t('apiErrors.network'),
    timeout: i18n.t('apiErrors.timeout'),
  }),
};

/** The session client: a 401 or 419 leaves through the logout route with 'Sessão expirada'. */
export const api = createApiClient({ ...shared, onSessionExpired: () => sessionExpiredHandler?.() });

/**
 * The spec's second client variant, which never redirects: for signing in (a 401 is a wrong
 * password) and for asking "who is signed in?" (a 401 only means "nobody yet").
 */
export const quietApi = createApiClient(shared);

/**
 * A corporate TV's client: each call carries the screen's device token (`Authorization: Bearer`),
 * never the session cookie's authority, and a 401 never redirects (the screen shows it is no
 * longer authorised instead).
 */
export function createDeviceApi(getToken: () => string | null) {
  return createApiClient({
    ...shared,
    getHeaders: (): Record<string, string> => {
      const token = getToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
}
