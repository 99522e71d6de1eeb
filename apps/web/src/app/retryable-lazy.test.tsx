import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { retryableLazy } from './retryable-lazy.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { RouteErrorPage } from './route-error-page.tsx';
import './test-harness.tsx';

function Page() {
  return <h1>Chat</h1>;
}

describe('a page whose code fails to load', () => {
  it('shows the retry message, and the retry button imports the page again', async () => {
    // The first import fails (the connection dropped); the second one works.
    const load = vi
      .fn<() => Promise<typeof Page>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Page);
    const LazyPage = retryableLazy(load);
    render(
      <RouteErrorBoundary fallback={(retry) => <RouteErrorPage retry={retry} />}>
        <Suspense fallback={null}>
          <LazyPage />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(
      screen.getByText('Não foi possível abrir esta página. Verifique sua conexão e tente novamente.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Chat' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
