import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { PageSpinner } from '#ui/spinner.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/**
 * A layout's child route: a spinner while its code loads, an error page if it fails, and the
 * layout around it stays in place either way.
 */
export function PageOutlet() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname} fallback={(retry) => <RouteErrorPage retry={retry} />}>
      <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
