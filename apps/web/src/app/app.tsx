import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { Providers } from './providers.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * The whole app in the browser. BrowserRouter rather than createBrowserRouter: the data router
 * adds about 16 KiB gzipped to every page, which the login budget cannot afford, and the app
 * loads its data with TanStack Query, not route loaders. The query client comes from main.tsx,
 * which fills it with what was kept on the device when the portal opens without a connection.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
