import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { choiceFilter, flagFilter, textFilter, useUrlFilters } from './url-filters.ts';

const definitions = {
  status: choiceFilter(['Rascunho', 'Publicada']),
  anonima: flagFilter(),
  grupo: textFilter(),
};

function Harness() {
  const { filters, search, page, sort, setFilter, setSearch, setPage, setSort, clear } = useUrlFilters(
    definitions,
    { sortable: ['titulo'] },
  );
  const location = useLocation();
  return (
    <>
      <p data-testid="url">{location.search}</p>
      <p data-testid="state">
        {JSON.stringify({
          status: filters.status,
          anonima: filters.anonima,
          grupo: filters.grupo,
          search,
          page,
          sort,
        })}
      </p>
      <button type="button" onClick={() => setFilter('status', 'Publicada')}>
        Publicadas
      </button>
      <button type="button" onClick={() => setFilter('status', null)}>
        Todas
      </button>
      <button type="button" onClick={() => setFilter('anonima', false)}>
        Identificadas
      </button>
      <button type="button" onClick={() => setSearch(' Clima ')}>
        Buscar Clima
      </button>
      <button type="button" onClick={() => setPage(3)}>
        Página 3
      </button>
      <button type="button" onClick={() => setSort({ id: 'titulo', desc: true })}>
        Título decrescente
      </button>
      <button type="button" onClick={clear}>
        Limpar
      </button>
      <button
        type="button"
        onClick={() => {
          clear();
          setFilter('status', 'Publicada');
        }}
      >
        Limpar e Publicadas
      </button>
    </>
  );
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Harness />
    </MemoryRouter>,
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as Record<string, unknown>;
const url = () => screen.getByTestId('url').textContent;

describe('useUrlFilters', { timeout: 20_000 }, () => {
  it('reads typed filters, search, page and sort from the query string', () => {
    renderAt('/admin/pesquisas?status=Publicada&anonima=N&grupo=Todos&busca=Clima&pagina=2&ordem=-titulo');
    expect(state()).toEqual({
      status: 'Publicada',
      anonima: false,
      grupo: 'Todos',
      search: 'Clima',
      page: 2,
      sort: { id: 'titulo', desc: true },
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    renderAt('/admin/pesquisas?status=Apagada&anonima=talvez&pagina=-4&ordem=senha');
    expect(state()).toEqual({ status: null, anonima: null, grupo: '', search: '', page: 1, sort: null });
  });

  it('writes only what differs from the defaults, and a change goes back to page 1', async () => {
    const user = userEvent.setup();
    renderAt('/admin/pesquisas');
    expect(url()).toBe('');
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(url()).toBe('?pagina=3');
    await user.click(screen.getByRole('button', { name: 'Publicadas' }));
    expect(url()).toBe('?status=Publicada');
    await user.click(screen.getByRole('button', { name: 'Identificadas' }));
    await user.click(screen.getByRole('button', { name: 'Buscar Clima' }));
    expect(url()).toBe('?status=Publicada&anonima=N&busca=Clima');
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    await user.click(screen.getByRole('button', { name: 'Título decrescente' }));
    expect(url()).toBe('?status=Publicada&anonima=N&busca=Clima&ordem=-titulo');
    await user.click(screen.getByRole('button', { name: 'Todas' }));
    expect(url()).toBe('?anonima=N&busca=Clima&ordem=-titulo');
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(url()).toBe('?ordem=-titulo');
  });

  it('keeps every change made before the page shows the last: a filter chosen right after clearing', async () => {
    const user = userEvent.setup();
    renderAt('/admin/pesquisas?busca=Clima&anonima=N');
    await user.click(screen.getByRole('button', { name: 'Limpar e Publicadas' }));
    expect(url()).toBe('?status=Publicada');
    expect(state()).toMatchObject({ status: 'Publicada', anonima: null, search: '' });
  });
});
