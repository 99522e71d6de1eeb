// @vitest-environment node
import { ChatEventType, ChatRequestType, type MensagemChat } from '@elo/contract/chat';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createChatController } from './chat-controller.ts';
import type { SocketLike } from './chat-socket.ts';
import { useChatStore } from './chat-store.ts';
import { makeConversation, makeMessage } from './chat-fixtures.ts';

const me = 2;

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function setUp(unreadTotal: () => Promise<number> = async () => 2) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const received: Record<string, unknown>[] = [];
  let client: WebSocket | undefined;
  server.on('connection', (socket) => {
    client = socket;
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as Record<string, unknown>));
  });
  const incoming: { message: MensagemChat; inOpenRoom: boolean }[] = [];
  const errors: unknown[] = [];
  const api = {
    consultaHistoricoConversasChat: vi.fn(async () => ({
      historicoConversas: [makeConversation()],
      idSalaPresenca: 0,
    })),
    recuperaQtdMensagensNaoLidas: vi.fn(async () => ({ qtdMensagensNaoLidas: await unreadTotal() })),
    enviaAnexoChat: vi.fn(async () => ({
      anexo: {
        idAnexo: 9,
        idTipoArquivo: 3,
        nomeArquivo: 'a.txt',
        tamanhoArquivo: 3,
        urlArquivo: '/a',
        urlThumbNail: null,
      },
    })),
  };
  const controller = createChatController({
    me,
    socketUrl: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    getToken: () => 'token-maria',
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    api,
    showError: (error) => errors.push(error),
    onIncoming: (incomingMessage, inOpenRoom) => incoming.push({ message: incomingMessage, inOpenRoom }),
    log: () => undefined,
  });
  cleanups.push(
    () => new Promise<void>((resolve) => server.close(() => resolve())),
    () => {
      client?.terminate();
    },
    () => controller.stop(),
  );
  controller.start();
  await vi.waitFor(() => expect(useChatStore.getState().connected).toBe(true));
  const push = (frame: object) =>
    client?.send(JSON.stringify({ codigoResposta: 0, descricaoErro: null, ...frame }));
  return { controller, received, push, incoming, errors, api };
}

describe('chat controller', () => {
  it('asks the unread total on open and counts a new message from someone else', async () => {
    const { push, incoming } = await setUp();
    await vi.waitFor(() => expect(useChatStore.getState().unreadTotal).toBe(2));
    push({ idTipo: ChatEventType.newMessage, ...makeMessage() });
    await vi.waitFor(() => expect(useChatStore.getState().unreadTotal).toBe(3));
    expect(incoming).toEqual([{ message: expect.objectContaining({ idMensagem: 50 }), inOpenRoom: false }]);
  });

  it('keeps a message that arrives while the unread total is being asked, instead of the older total', async () => {
    let answerTotal: (total: number) => void = () => undefined;
    const { push, api } = await setUp(() => new Promise((resolve) => (answerTotal = resolve)));
    await vi.waitFor(() => expect(api.recuperaQtdMensagensNaoLidas).toHaveBeenCalledTimes(1));
    // Carlos's message comes on the socket before the total (counted without it) comes back.
    push({ idTipo: ChatEventType.newMessage, ...makeMessage() });
    await vi.waitFor(() => expect(useChatStore.getState().unreadTotal).toBe(1));
    answerTotal(0);
    // The stale total is not taken: the server is asked again, and now counts the message.
    await vi.waitFor(() => expect(api.recuperaQtdMensagensNaoLidas).toHaveBeenCalledTimes(2));
    answerTotal(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(useChatStore.getState().unreadTotal).toBe(1);
  });

  it('on the chat page, opens a room, reads its history and marks new messages read', async () => {
    const { controller, push, received } = await setUp();
    controller.setPageOpen(true);
    await vi.waitFor(() => expect(useChatStore.getState().conversations).toHaveLength(1));
    controller.openRoom(1);
    await vi.waitFor(() =>
      expect(received.map((frame) => frame.idTipo)).toEqual(
        expect.arrayContaining([
          ChatRequestType.presence,
          ChatRequestType.joinRoom,
          ChatRequestType.loadMessages,
          ChatRequestType.markRead,
        ]),
      ),
    );
    push({
      idTipo: ChatEventType.historyPage,
      idSala: 1,
      mensagens: [makeMessage({ idMensagem: 40, dtEnvio: '2026-03-10T11:00:00.000Z' })],
      idPaginaAtual: 1,
      qtdRegistrosPorPagina: 10,
      qtdTotalRegistros: 11,
      qtdPagina: 2,
      idMensagemAncora: 40,
    });
    await vi.waitFor(() => expect(useChatStore.getState().rooms[1]?.loadedPages).toBe(1));
    push({ idTipo: ChatEventType.newMessage, ...makeMessage() });
    await vi.waitFor(() =>
      expect(received).toContainEqual(
        expect.objectContaining({ idTipo: ChatRequestType.markRead, idMensagens: [50] }),
      ),
    );
    controller.loadOlder(1);
    await vi.waitFor(() =>
      expect(received).toContainEqual(
        expect.objectContaining({
          idTipo: ChatRequestType.loadMessages,
          idPaginaAtual: 2,
          idMensagemAncora: 40,
        }),
      ),
    );
  });

  it('uploads an attachment first and sends it by id; an error frame shows its text and drops the pending message', async () => {
    const { controller, received, push, errors, api } = await setUp();
    await controller.sendMessage({
      idSala: 1,
      mensagem: 'Segue',
      idUsuariosMencionados: [],
      attachment: { file: new Blob(['abc'], { type: 'text/plain' }), name: 'a.txt' },
    });
    expect(api.enviaAnexoChat).toHaveBeenCalledWith(expect.objectContaining({ idSala: 1, flAudio: 'N' }));
    await vi.waitFor(() =>
      expect(received).toContainEqual(
        expect.objectContaining({ idTipo: ChatRequestType.send, idAnexo: 9, mensagem: 'Segue' }),
      ),
    );
    const sent = received.find((frame) => frame.idTipo === ChatRequestType.send)!;
    expect(useChatStore.getState().pending).toHaveLength(1);
    push({
      idTipo: ChatRequestType.send,
      codigoResposta: 3,
      descricaoErro: 'Você não participa desta conversa.',
      codigoErro: 'CHAT_NOT_MEMBER',
      idRequisicao: sent.idMensagemCliente,
    });
    await vi.waitFor(() => expect(errors).toEqual(['Você não participa desta conversa.']));
    expect(useChatStore.getState().pending).toHaveLength(0);
  });

  it('starts a person chat through the server and opens the room it answers with', async () => {
    const { controller, push, received } = await setUp();
    controller.setPageOpen(true);
    await vi.waitFor(() => expect(useChatStore.getState().conversations).toHaveLength(1));
    controller.startPersonChat(3);
    expect(useChatStore.getState().activeRoomId).toBe(1);
    controller.startPersonChat(9);
    await vi.waitFor(() =>
      expect(received).toContainEqual(
        expect.objectContaining({ idTipo: ChatRequestType.startPersonChat, idUsuarioDestino: 9 }),
      ),
    );
    const request = received.find((frame) => frame.idTipo === ChatRequestType.startPersonChat)!;
    push({
      idTipo: ChatEventType.roomChanged,
      idSala: 7,
      idRequisicao: request.idRequisicao,
      conversa: makeConversation({
        idSala: 7,
        idUsuario: 9,
        descricao: 'Daniel Gomes',
        idMensagem: null,
        membros: [me, 9],
      }),
    });
    await vi.waitFor(() => expect(useChatStore.getState().activeRoomId).toBe(7));
    expect(useChatStore.getState().conversations.map((conversation) => conversation.idSala)).toContain(7);
    await vi.waitFor(() =>
      expect(received).toContainEqual(
        expect.objectContaining({ idTipo: ChatRequestType.joinRoom, idSala: 7 }),
      ),
    );
  });

  it('marks the chat as failing to connect when the socket fails, without an error toast', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const errors: unknown[] = [];
    const controller = createChatController({
      me,
      socketUrl: `ws://127.0.0.1:${port}`,
      getToken: () => 'token-maria',
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      api: {
        consultaHistoricoConversasChat: vi.fn(),
        recuperaQtdMensagensNaoLidas: vi.fn(),
        enviaAnexoChat: vi.fn(),
      },
      showError: (error) => errors.push(error),
      onIncoming: () => undefined,
    });
    cleanups.push(() => controller.stop());
    controller.start();
    await vi.waitFor(() => expect(useChatStore.getState().connectionFailing).toBe(true));
    expect(errors).toEqual([]);
  });
});
