import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledNames, fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { makePage, makePost, makePosts, testGestos } from '../post-fixtures.ts';

type FeedRequest = {
  idPaginaAtual: number;
  qtdRegistrosPorPagina: number;
  idsGrupo: number[];
  idTipoIgnorar: number[];
};

function feedRequests(fetchMock: ReturnType<typeof fakeBackend>): FeedRequest[] {
  return fetchMock.mock.calls
    .filter(([url]) => url === '/backend/consultaPostagens')
    .map(([, init]) => JSON.parse(String(init?.body)) as FeedRequest);
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('timeline feed', () => {
  it('loads the next page at once while a page yields fewer than 10 posts and more pages exist', async () => {
    const pages: Record<number, ReturnType<typeof makePage>> = {
      1: makePage(1, makePosts(1, 3), 25),
      2: makePage(2, makePosts(11, 10), 25),
      3: makePage(3, makePosts(21, 5), 25),
    };
    const fetchMock = fakeBackend({
      consultaPostagens: (body) => ok(pages[(body as FeedRequest).idPaginaAtual]),
    });
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(13));
    expect(feedRequests(fetchMock).map((request) => request.idPaginaAtual)).toEqual([1, 2]);
    expect(feedRequests(fetchMock)[0]).toEqual({
      idPaginaAtual: 1,
      qtdRegistrosPorPagina: 10,
      idsGrupo: [10],
      // Polls are not shown in the portal's feed (spec section 8).
      idTipoIgnorar: [7],
    });
    // Page 2 was full: the rest waits for the user, here through the keyboard-reachable button.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(18));
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(screen.getByText('Você viu todas as publicações.')).toBeInTheDocument();
    expect(feedRequests(fetchMock).map((request) => request.idPaginaAtual)).toEqual([1, 2, 3]);
  });

  it('asks for nothing more when a short page is the last one', async () => {
    const fetchMock = fakeBackend({ consultaPostagens: () => ok(makePage(1, makePosts(1, 4), 4)) });
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
    expect(feedRequests(fetchMock)).toHaveLength(1);
  });

  it('loads the next page when the end of the list comes into view', async () => {
    const observers: { callback: IntersectionObserverCallback }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push({ callback });
        }
        observe() {}
        disconnect() {}
      },
    );
    const fetchMock = fakeBackend({
      consultaPostagens: (body) => {
        const page = (body as FeedRequest).idPaginaAtual;
        return ok(makePage(page, makePosts(page * 10, 10), 20));
      },
    });
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    const latest = observers.at(-1)!;
    latest.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    expect(feedRequests(fetchMock).map((request) => request.idPaginaAtual)).toEqual([1, 2]);
  });

  it('filters by the chosen group and shows all the user groups with an empty idsGrupo', async () => {
    const fetchMock = fakeBackend({ consultaPostagens: () => ok(makePage(1, [makePost(1)], 1)) });
    const user = userEvent.setup();
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await screen.findByRole('article');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Grupo' }), 'Marketing');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Grupo' }), 'Todos os meus grupos');
    await waitFor(() =>
      expect(feedRequests(fetchMock).map((request) => request.idsGrupo)).toEqual([[10], [11], []]),
    );
  });

  it('says when a group has no posts yet', async () => {
    fakeBackend({});
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    expect(
      await screen.findByRole('heading', { name: 'Nenhuma publicação por aqui ainda' }),
    ).toBeInTheDocument();
    expect(screen.getByText('As publicações do grupo Todos aparecerão aqui.')).toBeInTheDocument();
  });

  it('asks for the gestos 3 s after the page loads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = fakeBackend({
      consultaPostagens: () => ok(makePage(1, [makePost(1)], 1)),
      consultaGestos: () => ok({ listGestos: testGestos }),
    });
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await screen.findByRole('article');
    expect(calledNames(fetchMock)).not.toContain('consultaGestos');
    expect(screen.queryByRole('button', { name: 'Curtir' })).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(3000);
    expect(await screen.findByRole('button', { name: 'Curtir' })).toBeInTheDocument();
    expect(calledNames(fetchMock).filter((name) => name === 'consultaGestos')).toHaveLength(1);
  });
});

describe('deep link /painel/publicacao/{id}', () => {
  it('opens the post in a dialog over the timeline', async () => {
    const fetchMock = fakeBackend({
      consultaPostagem: () => ok({ postagem: makePost(42, { textoPublicacao: 'A publicação aberta' }) }),
    });
    const user = userEvent.setup();
    renderApp('/painel/publicacao/42', { user: makeLoggedUser() });
    const dialog = await screen.findByRole('dialog', { name: 'Publicação' });
    expect(await within(dialog).findByText('A publicação aberta')).toBeInTheDocument();
    expect(within(dialog).getByRole('article', { name: 'Publicação de Ana Lima' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/backend/consultaPostagem');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ idMensagem: 42 });
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(location()).toBe('/painel/timeline'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('goes to the timeline with an error toast when the post cannot be opened', async () => {
    fakeBackend({
      consultaPostagem: () => ({
        status: 404,
        body: { message: 'Registro não encontrado.', error_code: 'NOT_FOUND' },
      }),
    });
    renderApp('/painel/publicacao/999', { user: makeLoggedUser() });
    expect(await screen.findByText('Não foi possível abrir a publicação.')).toBeInTheDocument();
    expect(screen.getByText('Registro não encontrado.')).toBeInTheDocument();
    expect(location()).toBe('/painel/timeline');
    expect(screen.getByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Publicação' })).not.toBeInTheDocument();
  });

  it('goes to the timeline when the address holds no post number', async () => {
    const fetchMock = fakeBackend({});
    renderApp('/painel/publicacao/abc', { user: makeLoggedUser() });
    expect(await screen.findByText('Publicação não encontrada.')).toBeInTheDocument();
    expect(location()).toBe('/painel/timeline');
    expect(calledNames(fetchMock)).not.toContain('consultaPostagem');
  });
});
