import type { AdminPermissionCode, PermissionCode } from '@elo/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { awaitsAdminApproval, isAnyAdministrator, useAdminAccess } from '#lib/admin-access.ts';
import { isSessionExpiredError } from '#lib/api-client.ts';
import { hasPermission, loggedUserQueryOptions, mayHaveSession, useKnownLoggedUser } from '#lib/session.ts';
import { usePermissionStore } from '#lib/stores/permission-store.ts';
import { PageSpinner } from '#ui/spinner.tsx';
import {
  guardSkippingQueryKeys,
  homePath,
  loginReturningTo,
  paths,
  queryParams,
  safeReturnPath,
} from '#lib/paths.ts';
import { lazyPage } from './lazy-page.ts';
import { LoadFailedAlert } from '#ui/load-failed-alert.tsx';

/** Whether a location bypasses the guards: the logout route, or a query with logout, k or token. */
export function skipsGuards(location: { pathname: string; search: string }): boolean {
  if (location.pathname === paths.logout) return true;
  const query = new URLSearchParams(location.search);
  return guardSkippingQueryKeys.some((key) => query.has(key));
}

/** Private routes: the user must be signed in, asked of the server when not known yet. */
export function RequireUser() {
  const { t } = useTranslation();
  const location = useLocation();
  const skip = skipsGuards(location);
  const { data, error, isPending, refetch, isFetching } = useQuery({
    ...loggedUserQueryOptions,
    enabled: !skip,
  });

  if (skip || data) return <Outlet />;
  if (isPending) return <PageSpinner label={t('guard.loadingUser')} />;
  // After signing in, the login page opens the page the user was going to.
  if (isSessionExpiredError(error)) {
    return (
      <Navigate to={loginReturningTo(`${location.pathname}${location.search}${location.hash}`)} replace />
    );
  }
  // The server is down or unreachable: sending the user to the login page would not help.
  return (
    <main className="mx-auto max-w-lg p-6">
      <LoadFailedAlert onRetry={() => void refetch()} retrying={isFetching}>
        {error?.message}
      </LoadFailedAlert>
    </main>
  );
}

/** Public routes (login and the access pages): a signed-in user goes home instead. */
export function PublicOnly() {
  const location = useLocation();
  const skip = skipsGuards(location);
  // Asking the server tells a returning user (valid cookie, fresh page) from a visitor; a
  // browser without the session's hint cookie is a visitor, and is asked nothing.
  const { data } = useQuery({ ...loggedUserQueryOptions, enabled: !skip && mayHaveSession() });
  // Signed in now (or already): to the private page the login was asked to open, else home.
  if (!skip && data) {
    const returnTo = safeReturnPath(new URLSearchParams(location.search).get(queryParams.returnTo));
    return <Navigate to={returnTo ?? homePath} replace />;
  }
  return <Outlet />;
}

/** Opens the no-permission modal and goes home. */
function DeniedRedirect() {
  const openModal = usePermissionStore((state) => state.openModal);
  useEffect(() => {
    openModal();
  }, [openModal]);
  return <Navigate to={homePath} replace />;
}

/** Routes that need a permission (chat, surveys); used under RequireUser, which loaded the user. */
export function RequirePermission({ permission }: { permission: PermissionCode }) {
  const location = useLocation();
  const user = useKnownLoggedUser();
  if (skipsGuards(location) || hasPermission(user, permission)) return <Outlet />;
  return <DeniedRedirect />;
}

// Its notice is a chunk of its own, with the contract's text it shows.
const AdminNotApproved = lazyPage(
  () => import('./admin-not-approved-page.tsx'),
  (module) => module.AdminNotApprovedPage,
);

/**
 * The administration: for administrators holding any administration permission (L or E). One
 * not yet approved is told so (the server refuses them every administration call anyway).
 */
export function RequireAdmin() {
  const location = useLocation();
  const user = useKnownLoggedUser();
  if (skipsGuards(location) || isAnyAdministrator(user)) return <Outlet />;
  if (awaitsAdminApproval(user)) return <AdminNotApproved />;
  return <DeniedRedirect />;
}

/**
 * One area of the administration: needs its permission at L or E (any administrator when null);
 * a page that changes things (`edits`) needs E.
 */
export function RequireAdminArea({
  permission,
  edits = false,
  children,
}: {
  permission: AdminPermissionCode | null;
  edits?: boolean;
  children?: ReactNode;
}) {
  const location = useLocation();
  const { canRead, canEdit } = useAdminAccess(permission);
  if (skipsGuards(location) || (edits ? canEdit : canRead)) return children ?? <Outlet />;
  return <DeniedRedirect />;
}
