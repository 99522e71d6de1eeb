import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WebSocket as WsClient, WebSocketServer } from 'ws';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { makeConversation } from '../chat-fixtures.ts';

// The harness user is Maria with id 7.
const conversations = [
  makeConversation({ membros: [7, 3], mensagem: 'Consegue confirmar com a equipe?' }),
  makeConversation({
    idSala: 2,
    flGrupo: 'S',
    idUsuario: null,
    descricao: 'Projeto Elo',
    membros: [7, 3, 4],
    qtdMensagensNaoLidas: 0,
    idUsuarioUltimaMensagem: 7,
    mensagem: 'Combinado',
    flLida: 'S',
    dtEnvio: '2026-03-09T11:00:00.000Z',
  }),
];

function backend() {
  return fakeBackend({
    consultaHistoricoConversasChat: () => ok({ historicoConversas: conversations, idSalaPresenca: 0 }),
    consultaTodosUsuarios: () =>
      ok({
        listUsuarios: [
          {
            idUsuario: 9,
            nome: 'Daniel Gomes',
            urlFoto: null,
            textoPerfil: null,
            unidade: null,
            filial: null,
            setor: 'Vendas',
            cargo: 'Analista',
            online: 'S',
          },
        ],
        idPaginaAtual: 1,
        qtdRegistrosPorPagina: 100,
        qtdTotalRegistros: 1,
      }),
  });
}

// The first test loads the whole app's lazy routes, which takes seconds on a busy machine.
describe('chat page', { timeout: 20_000 }, () => {
  it('lists conversations with previews and unread counts, and the menu shows the total', async () => {
    backend();
    renderApp('/painel/chat', { user: makeLoggedUser() });
    const list = await screen.findByRole('list', { name: 'Conversas' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Carlos Pereira'),
      expect.stringContaining('Projeto Elo'),
    ]);
    expect(items[0]).toHaveTextContent('Consegue confirmar com a equipe?');
    expect(items[0]).toHaveTextContent('2 mensagens não lidas');
    expect(items[1]).toHaveTextContent('Você: Combinado');
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: /Chat/ })).toHaveTextContent(
      '2 mensagens não lidas no chat',
    );
  });

  it('filters the list by name, ignoring accents', async () => {
    const user = userEvent.setup();
    backend();
    renderApp('/painel/chat', { user: makeLoggedUser() });
    await user.type(await screen.findByRole('searchbox', { name: 'Buscar nas conversas' }), 'projeto');
    const list = screen.getByRole('list', { name: 'Conversas' });
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar nas conversas' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar nas conversas' }), 'zzz');
    expect(screen.getByText('Nenhuma conversa encontrada.')).toBeInTheDocument();
  });

  it('opens the conversation a link names (?sala=, as a search result does) and forgets it', async () => {
    backend();
    renderApp(`/painel/chat?sala=${conversations[0]!.idSala}`, { user: makeLoggedUser() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Carlos Pereira' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/painel\/chat$/));
  });

  it('without a connection, a sent message logs it and waits with the clock tick', async () => {
    const user = userEvent.setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    backend();
    renderApp('/painel/chat', { user: makeLoggedUser() });
    await user.click(await screen.findByRole('button', { name: /^Carlos Pereira/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Carlos Pereira' })).toBeInTheDocument();
    expect(
      screen.getByText('Sem conexão com o chat. As mensagens serão enviadas quando a conexão voltar.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Mensagem'), 'Confirmo, sim{Enter}');
    expect(warn).toHaveBeenCalledWith('WebSocket is not connected');
    const view = screen.getByRole('region', { name: 'Mensagens com Carlos Pereira' });
    expect(within(view).getByText('Confirmo, sim')).toBeInTheDocument();
    expect(within(view).getByText('Aguardando envio')).toBeInTheDocument();
  });

  it('while the chat cannot connect, says so once with what to do, and the button connects at once', async () => {
    // A real websocket server on the page's own host, refusing every handshake until told.
    let accepting = false;
    let attempts = 0;
    const server = new WebSocketServer({
      port: 0,
      host: '127.0.0.1',
      verifyClient: (_info, done) => {
        attempts += 1;
        done(accepting, 503);
      },
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    // Node's own WebSocket cannot fire its events under jsdom's Event; ws is the same protocol.
    vi.stubGlobal('WebSocket', WsClient);
    // vitest's jsdom environment hands its JSDOM over as `jsdom`: the page's address moves to the server.
    const dom = (globalThis as unknown as { jsdom: { reconfigure(settings: { url: string }): void } }).jsdom;
    const pageUrl = window.location.href;
    dom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/painel/chat` });
    try {
      window.localStorage.setItem('tokenChat', 'chat-token-1');
      const user = userEvent.setup();
      backend();
      renderApp('/painel/chat', { user: makeLoggedUser() });
      expect(await screen.findByText('Erro ao conectar no chat!')).toBeInTheDocument();
      // It keeps trying (after 1 s, then 2 s), and the page still says it once: no toast per try.
      await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
      expect(screen.getAllByText('Erro ao conectar no chat!')).toHaveLength(1);
      expect(screen.getByText(/Verifique sua conexão com a internet/)).toBeInTheDocument();

      accepting = true;
      await user.click(screen.getByRole('button', { name: 'Tentar agora' }));
      await vi.waitFor(() => expect(screen.queryByText('Erro ao conectar no chat!')).toBeNull());
    } finally {
      window.localStorage.removeItem('tokenChat');
      dom.reconfigure({ url: pageUrl });
      vi.unstubAllGlobals();
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('finds people to start a conversation with', async () => {
    const user = userEvent.setup();
    backend();
    renderApp('/painel/chat', { user: makeLoggedUser() });
    await user.click(await screen.findByRole('button', { name: 'Nova conversa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova conversa' });
    expect(within(dialog).getByLabelText('Buscar pessoas pelo nome')).toHaveFocus();
    await user.click(await within(dialog).findByRole('button', { name: /Daniel Gomes/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for a group name and people before creating a group', async () => {
    const user = userEvent.setup();
    backend();
    renderApp('/painel/chat', { user: makeLoggedUser() });
    await user.click(await screen.findByRole('button', { name: 'Novo grupo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo grupo' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar grupo' }));
    expect(within(dialog).getByText('Escolha ao menos uma pessoa.')).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Daniel Gomes' }));
    expect(within(dialog).getByText('1 pessoa escolhida: Daniel Gomes')).toBeInTheDocument();
  });
});
