import { searchLimits, type SearchKind, type SearchResult } from '@elo/contract/calls/search';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyTimeline, fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { excerptParts } from './components/excerpt.tsx';

const counts = (values: Partial<Record<SearchKind, number>> = {}): Record<SearchKind, number> => ({
  POSTAGEM: 0,
  PUBLICACAO: 0,
  PESSOA: 0,
  CONVERSA: 0,
  COMUNICADO: 0,
  PESQUISA: 0,
  CHAMADO: 0,
  ...values,
});

const post: SearchResult = {
  tipo: 'POSTAGEM',
  id: 31,
  titulo: 'Manutenção das estações',
  trecho: '<mark>Manutenção</mark> das estações &lt;b&gt;',
  url: '/painel/publicacao/31',
  dtReferencia: '2026-11-20T12:00:00.000Z',
  autor: 'Carlos Pereira',
};
const person: SearchResult = {
  tipo: 'PESSOA',
  id: 8,
  titulo: 'João da Silva',
  trecho: '<mark>João</mark> da <mark>Silva</mark>',
  url: '/painel/chat?pessoa=8',
  dtReferencia: '2026-01-02T12:00:00.000Z',
};

interface SearchBody {
  termo: string;
  tipos?: SearchKind[];
  idPaginaAtual: number;
}

function searchServer() {
  const bodies: SearchBody[] = [];
  const backend = fakeBackend({
    // The post a result opens: gone since (a 404), so the page stays and says so, whatever its speed.
    consultaPostagem: () => ({
      status: 404,
      body: { message: 'Registro não encontrado.', error_code: 'NOT_FOUND' },
    }),
    buscaGeral: (body) => {
      const asked = body as SearchBody;
      bodies.push(asked);
      const all = [post, person];
      const listed = asked.tipos ? all.filter((result) => asked.tipos!.includes(result.tipo)) : all;
      return ok({
        listResultados: listed,
        qtdTotal: listed.length,
        qtdPorTipo: counts({ POSTAGEM: 1, PESSOA: 1 }),
      });
    },
  });
  return { backend, bodies };
}

const user = makeLoggedUser();
const field = () => screen.findByRole('combobox', { name: 'Buscar no portal' }, { timeout: 45_000 });

describe('the excerpt of a result', () => {
  it('keeps the marks and shows everything else as text', () => {
    expect(excerptParts('a &lt;b&gt; &amp; <mark>Manutenção</mark> &quot;x&quot;')).toEqual([
      { text: 'a <b> & ', marked: false },
      { text: 'Manutenção', marked: true },
      { text: ' "x"', marked: false },
    ]);
  });
});

describe("the header's search field", { timeout: 90_000 }, () => {
  it('is focused by /, unless the person is typing in a field', async () => {
    searchServer();
    renderApp('/painel/timeline', { user });
    const input = await field();
    await userEvent.keyboard('/');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('');
    input.blur();
    const other = document.createElement('textarea');
    document.body.append(other);
    other.focus();
    await userEvent.keyboard('/');
    expect(other).toHaveFocus();
    expect(other).toHaveValue('/');
    other.remove();
  });

  it('suggests as one types and opens a suggestion by keyboard', async () => {
    const { bodies } = searchServer();
    renderApp('/painel/timeline', { user });
    const input = await field();
    await userEvent.type(input, 'manut');
    const list = await screen.findByRole('listbox', { name: 'Sugestões' }, { timeout: 10_000 });
    expect(
      await within(list).findByRole('option', { name: /Manutenção das estações/ }, { timeout: 10_000 }),
    ).toBeVisible();
    // Asked when typing paused, not on every key (a busy machine may pause mid-word once).
    expect(bodies.at(-1)?.termo).toBe('manut');
    expect(bodies.length).toBeLessThan('manut'.length);
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/painel/publicacao/31'), {
      timeout: 10_000,
    });
  });

  it('opens the results page on Enter when no suggestion is chosen', async () => {
    searchServer();
    renderApp('/painel/timeline', { user });
    const input = await field();
    await userEvent.type(input, 'joao{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/painel/busca?q=joao'), {
      timeout: 10_000,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resultados para "joao"' }, { timeout: 45_000 }),
    ).toBeVisible();
  });

  it('cancels the request of a term no longer typed', async () => {
    const signals: { termo: string; signal: AbortSignal }[] = [];
    const backend = fakeBackend({});
    const answerEmpty = backend.getMockImplementation()!;
    backend.mockImplementation(async (url: string, init?: RequestInit) => {
      if (!url.endsWith('/buscaGeral')) return answerEmpty(url, init);
      const { termo } = JSON.parse(String(init!.body)) as SearchBody;
      signals.push({ termo, signal: init!.signal! });
      // The server takes its time: the answer comes only if nobody cancels first.
      return new Promise<Response>((resolve, reject) => {
        init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        setTimeout(
          () =>
            resolve(
              new Response(
                JSON.stringify({ data: { listResultados: [], qtdTotal: 0, qtdPorTipo: counts() } }),
                {
                  status: 200,
                  headers: { 'Content-Type': 'application/json' },
                },
              ),
            ),
          5_000,
        );
      });
    });
    renderApp('/painel/timeline', { user });
    const input = await field();
    await userEvent.type(input, 'fer');
    await waitFor(() => expect(signals.map((each) => each.termo)).toEqual(['fer']));
    await userEvent.type(input, 'ias');
    await waitFor(() => expect(signals.map((each) => each.termo)).toEqual(['fer', 'ferias']));
    await waitFor(() => expect(signals[0]!.signal.aborted).toBe(true));
    expect(signals[1]!.signal.aborted).toBe(false);
    void emptyTimeline;
  });
});

describe('the results page', { timeout: 90_000 }, () => {
  it('shows a count at the ceiling as at least that many', async () => {
    fakeBackend({
      buscaGeral: () =>
        ok({
          listResultados: [post],
          qtdTotal: searchLimits.countMax + 1,
          qtdPorTipo: counts({ POSTAGEM: searchLimits.countMax, PESSOA: 1 }),
        }),
    });
    renderApp('/painel/busca?q=manutencao', { user });
    const filters = await screen.findByRole('navigation', { name: 'Filtrar por tipo' }, { timeout: 45_000 });
    expect(await within(filters).findByRole('button', { name: 'Postagens (100+)' })).toBeVisible();
    expect(within(filters).getByRole('button', { name: 'Todos (101+)' })).toBeVisible();
    expect(within(filters).getByRole('button', { name: 'Pessoas (1)' })).toBeVisible();
    expect(screen.getByText('101+ resultados')).toBeVisible();
  });

  it('lists the results with a filter per kind and its count, and moves between them by arrow keys', async () => {
    const { bodies } = searchServer();
    renderApp('/painel/busca?q=silva', { user });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Resultados para "silva"' }, { timeout: 45_000 }),
    ).toBeVisible();
    const results = await screen.findAllByRole('link', { name: /Manutenção das estações|João da Silva/ });
    const filters = screen.getByRole('navigation', { name: 'Filtrar por tipo' });
    expect(within(filters).getByRole('button', { name: 'Todos (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(filters).getByRole('button', { name: 'Postagens (1)' })).toBeVisible();
    expect(within(filters).getByRole('button', { name: 'Chamados do RH (0)' })).toBeVisible();
    expect(results).toHaveLength(2);
    expect(screen.getByText('<b>', { exact: false })).toBeVisible();
    expect(screen.getByText('Manutenção', { selector: 'mark' })).toBeVisible();

    act(() => results[0]!.focus());
    fireEvent.keyDown(results[0]!, { key: 'ArrowDown' });
    expect(results[1]).toHaveFocus();
    fireEvent.keyDown(results[1]!, { key: 'ArrowUp' });
    expect(results[0]).toHaveFocus();

    await userEvent.click(within(filters).getByRole('button', { name: 'Pessoas (1)' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/painel/busca?q=silva&tipo=PESSOA'),
    );
    await waitFor(() =>
      expect(bodies.at(-1)).toMatchObject({ termo: 'silva', tipos: ['PESSOA'], idPaginaAtual: 1 }),
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: /Manutenção/ })).toBeNull());
    expect(within(filters).getByRole('button', { name: 'Pessoas (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    vi.unstubAllGlobals();
  });
});
