import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { PageHeader } from './page-header.tsx';

describe('PageHeader', { timeout: 20_000 }, () => {
  it('shows the title as the page heading and the tab title, with its text and actions', () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="Pesquisas"
          description="Ouça os colaboradores."
          actions={<Button>Nova pesquisa</Button>}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Pesquisas' })).toBeInTheDocument();
    expect(document.title).toBe('Pesquisas · Elo');
    expect(screen.getByText('Ouça os colaboradores.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nova pesquisa' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('leads with a breadcrumb whose home is the Dashboard by default', () => {
    render(
      <MemoryRouter>
        <PageHeader
          title="Nova pesquisa"
          breadcrumb={{
            homeTo: '/admin',
            items: [{ label: 'Pesquisas', to: '/admin/pesquisas' }, { label: 'Nova pesquisa' }],
          }}
        />
      </MemoryRouter>,
    );
    const trail = within(screen.getByRole('navigation', { name: 'Você está em' }));
    expect(trail.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
    expect(trail.getByRole('link', { name: 'Pesquisas' })).toHaveAttribute('href', '/admin/pesquisas');
    expect(trail.getByText('Nova pesquisa')).toHaveAttribute('aria-current', 'page');
  });
});
