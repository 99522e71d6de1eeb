import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './routes.tsx';

/**
 * The whole app in the browser. BrowserRouter rather than createBrowserRouter: the data router
 * adds about 16 KiB gzipped to every page, which the login budget cannot afford, and the app
 * loads its data with TanStack Query, not route loaders.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
