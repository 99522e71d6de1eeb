import { lazy, Suspense, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setSessionExpiredHandler } from '#lib/api.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { usePermissionStore } from '#lib/stores/permission-store.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { applyTheme, defaultMainColor } from '#lib/theme.ts';
import { ChatProvider } from '../features/chat/chat-provider.tsx';
import { AlertList } from '#ui/alert.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { sessionExpiredLogoutPath } from './paths.ts';

// Dialog and toast code loads only when one is shown, keeping it out of the login page's bundle.
const NoPermissionModal = lazy(() =>
  import('./no-permission-modal.tsx').then((module) => ({ default: module.NoPermissionModal })),
);
const Toaster = lazy(() => import('#ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

/** The company's colours once the user is known; the default theme before sign-in and after logout. */
function CompanyTheme() {
  const mainColor = useKnownLoggedUser()?.empresa.corPrincipal ?? defaultMainColor;
  useEffect(() => {
    applyTheme(mainColor);
  }, [mainColor]);
  return null;
}

/** Lets the API client leave through the logout route when the session expires. */
function SessionExpiredRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionExpiredHandler(() => void navigate(sessionExpiredLogoutPath, { replace: true }));
    return () => setSessionExpiredHandler(null);
  }, [navigate]);
  return null;
}

/** The root of every route: theme, alerts, toasts and the no-permission modal around the page. */
export function RootLayout() {
  const isPermissionModalOpen = usePermissionStore((state) => state.isModalOpen);
  const hasToasts = useToastStore((state) => state.toasts.length > 0);
  return (
    <>
      <CompanyTheme />
      <SessionExpiredRedirect />
      {/* Above the pages (each remounts on navigation) so the chat socket lives as long as the session. */}
      <ChatProvider>
        <PageOutlet />
      </ChatProvider>
      <AlertList />
      <Suspense fallback={null}>{isPermissionModalOpen && <NoPermissionModal />}</Suspense>
      <Suspense fallback={null}>{hasToasts && <Toaster />}</Suspense>
    </>
  );
}
