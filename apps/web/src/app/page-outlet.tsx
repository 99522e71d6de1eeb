import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '#ui/spinner.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * A layout's child route: a spinner while its code loads, an error page if it fails, and the
 * layout around it stays in place either way.
 *
 * A page remounts on navigation (a fresh page per path). The root's outlet holds the layouts
 * instead: `keepMounted` only clears a failure when the path changes, so the portal's or the
 * administration's header, menu and bell stay the same elements from page to page (keyboard
 * focus and open popovers are not thrown away on every click).
 */
export function PageOutlet({ keepMounted = false }: { keepMounted?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary
      key={keepMounted ? undefined : pathname}
      resetKey={pathname}
      fallback={(retry) => <RouteErrorPage retry={retry} />}
    >
      <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
