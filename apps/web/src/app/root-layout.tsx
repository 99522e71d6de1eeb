import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '#lib/api.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { usePermissionStore } from '#lib/stores/permission-store.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { readRememberedBranding } from '#lib/remembered-branding.ts';
import { applyTheme, companyTheme } from '#lib/theme.ts';
import { ChatProvider } from '../features/chat/chat-provider.tsx';
import { AlertList } from '#ui/alert.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { OfflineSupport } from './offline-support.tsx';
import { retryableLazy } from './retryable-lazy.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { queryParams, sessionExpiredLogoutPath } from '#lib/paths.ts';

// Dialog and toast code loads only when one is shown, keeping it out of the login page's bundle.
const NoPermissionModal = retryableLazy(
  async () => (await import('./no-permission-modal.tsx')).NoPermissionModal,
);
const Toaster = retryableLazy(async () => (await import('#ui/toaster.tsx')).Toaster);

/**
 * The toasts as plain text while the toaster's code cannot load (the connection dropped): the
 * message still shows ('Erro ao conectar no chat!'), and the next toast tries the code again.
 */
function PlainToasts() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismissToast = useToastStore((state) => state.dismissToast);
  return (
    <ul role="alert" className="fixed right-0 bottom-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4">
      {toasts.map((toast) => (
        <li
          key={toast.id}
          className="flex items-start gap-3 rounded-md border-l-4 border-red-700 bg-white p-4 shadow-lg"
        >
          <span className="flex-1 text-sm text-slate-900">{toast.message}</span>
          <button type="button" className="text-sm underline" onClick={() => dismissToast(toast.id)}>
            {t('common.close')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The company's colours (the 10 shades of its main colour and its two text colours) once the user
 * is known; before sign-in and after logout, the last company this browser signed in to, or the
 * default theme.
 */
function CompanyTheme() {
  const { mainColor, fontPrimary, fontSecondary } = companyTheme(
    useKnownLoggedUser()?.empresa ?? readRememberedBranding(),
  );
  useEffect(() => {
    applyTheme({ mainColor, fontPrimary, fontSecondary });
  }, [mainColor, fontPrimary, fontSecondary]);
  return null;
}

/** Lets the API client leave through the logout route when the session expires. */
function SessionExpiredRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  useEffect(() => {
    setSessionExpiredHandler(() => {
      // The page the user was on, to come back to after signing in again.
      const { pathname, search, hash } = here.current;
      const returnTo = new URLSearchParams({ [queryParams.returnTo]: `${pathname}${search}${hash}` });
      void navigate(`${sessionExpiredLogoutPath}&${returnTo.toString()}`, { replace: true });
    });
    return () => setSessionExpiredHandler(null);
  }, [navigate]);
  return null;
}

/** The root of every route: theme, alerts, toasts and the no-permission modal around the page. */
export function RootLayout() {
  const isPermissionModalOpen = usePermissionStore((state) => state.isModalOpen);
  const lastToastId = useToastStore((state) => state.toasts.at(-1)?.id);
  return (
    <>
      <CompanyTheme />
      <SessionExpiredRedirect />
      <OfflineSupport />
      {/* Above the pages (each remounts on navigation) so the chat socket lives as long as the session. */}
      <ChatProvider>
        <PageOutlet keepMounted />
      </ChatProvider>
      <AlertList />
      <UpdatePrompt />
      {/* A dialog or the toaster whose code fails to load must not blank the page. */}
      <RouteErrorBoundary fallback={() => null} resetKey={isPermissionModalOpen}>
        <Suspense fallback={null}>{isPermissionModalOpen && <NoPermissionModal />}</Suspense>
      </RouteErrorBoundary>
      <RouteErrorBoundary fallback={() => <PlainToasts />} resetKey={lastToastId}>
        <Suspense fallback={null}>{lastToastId !== undefined && <Toaster />}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}
