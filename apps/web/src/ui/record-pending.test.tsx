import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header.tsx';
import { RecordPending } from './record-pending.tsx';

describe('RecordPending', { timeout: 20_000 }, () => {
  it('shows the page heading and announces the loading while the record comes', () => {
    render(
      <MemoryRouter>
        <RecordPending
          header={<PageHeader title="Editar usuário" />}
          error={null}
          errorTitle="Não foi possível carregar"
          loadingLabel="Carregando o usuário"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Editar usuário' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando o usuário');
    expect(screen.queryByText('Não foi possível carregar')).not.toBeInTheDocument();
  });

  it('shows why the record could not be loaded instead of the spinner', () => {
    render(
      <MemoryRouter>
        <RecordPending
          header={<PageHeader title="Editar usuário" />}
          error={new Error('Registro não encontrado')}
          errorTitle="Não foi possível carregar"
          loadingLabel="Carregando o usuário"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Editar usuário' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar');
    expect(alert).toHaveTextContent('Registro não encontrado');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
