import { toFlag } from '@elo/contract/wire';
import {
  ChatEventType,
  ChatFileType,
  ChatRequestType,
  isChatErrorFrame,
  type ChatServerFrame,
  type MensagemChat,
} from '@elo/contract/chat';
import { limits } from '@elo/contract/limits';
import type { ApiClient } from '#lib/api-client.ts';
import { ChatSocket, type SocketLike } from './chat-socket.ts';
import { emptyRoom, type ChatState } from './chat-state.ts';
import { useChatStore } from './chat-store.ts';

/** What the chat needs from the page around it; the app passes the real ones, tests their own. */
export interface ChatControllerOptions {
  me: number;
  socketUrl: string;
  getToken: () => string | null;
  createSocket?: (url: string) => SocketLike;
  api: Pick<ApiClient, 'consultaHistoricoConversasChat' | 'recuperaQtdMensagensNaoLidas' | 'enviaAnexoChat'>;
  /** A failure to show as an error toast. */
  showError: (message: string | unknown) => void;
  /**
   * A message from someone else arrived (`inOpenRoom`: in the conversation on screen): the chime,
   * a notification when the tab is hidden, the live region.
   */
  onIncoming: (message: MensagemChat, inOpenRoom: boolean) => void;
  log?: (message: string) => void;
}

/** An attachment or a recorded audio to send with a message. */
export interface OutgoingAttachment {
  file: Blob;
  name: string;
  audio?: { duracao: number; audioSamples: number[] };
}

function newClientId(): string {
  return crypto.randomUUID();
}

function fileTypeOf(attachment: OutgoingAttachment): number {
  if (attachment.audio) return ChatFileType.audio;
  if (attachment.file.type.startsWith('image/')) return ChatFileType.image;
  if (attachment.file.type === 'application/pdf') return ChatFileType.pdf;
  return ChatFileType.file;
}

/**
 * The chat's behaviour (spec section 4, Chat websocket): one per signed-in user while the portal
 * is open. It owns the socket, turns the user's actions into frames and applies what comes back.
 */
export function createChatController(options: ChatControllerOptions) {
  const store = useChatStore;
  const state = (): ChatState => store.getState();
  const update = (change: Partial<ChatState> | ((current: ChatState) => Partial<ChatState>)) =>
    store.getState().update(typeof change === 'function' ? change : () => change);
  const personChatRequests = new Set<string>();
  /** Frames received so far: a total asked over HTTP is stale if one came while it was on its way. */
  let framesSeen = 0;
  const presenceTimer: { id: ReturnType<typeof setInterval> | null } = { id: null };

  const socket = new ChatSocket({
    url: options.socketUrl,
    getToken: options.getToken,
    createSocket: options.createSocket,
    // Connected on every page, for the menu's unread count: a lost socket always comes back, after
    // the spec's 500 ms while the chat page is open, after the back-off elsewhere.
    shouldReconnect: () => true,
    reconnectsQuickly: () => state().pageOpen,
    onFrame: (frame) => {
      framesSeen += 1;
      handleFrame(frame);
    },
    onOpen: handleOpen,
    onStatusChange: (connected) => update({ connected }),
    // Not a toast per attempt: the page shows one status while it lasts (chat-page.tsx).
    onFailingChange: (failing) => update({ connectionFailing: failing }),
    log: options.log,
  });

  function requestPresence(): void {
    const idSala = state().idSalaPresenca;
    if (idSala !== null && socket.connected) socket.send({ idTipo: ChatRequestType.presence, idSala });
  }

  /**
   * The unread total from the server, on open. A message that arrives on the socket while the
   * answer is on its way may be missing from it, and the answer would then undo its count: it is
   * asked again (a few times at most; the frames keep the total right meanwhile).
   */
  async function refreshUnread(): Promise<void> {
    try {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const before = framesSeen;
        const answer = await options.api.recuperaQtdMensagensNaoLidas({ flRetornarGrupos: 'N' });
        if (framesSeen === before) {
          update({ unreadTotal: answer.qtdMensagensNaoLidas });
          return;
        }
      }
    } catch (error) {
      console.error(error);
    }
  }

  async function loadConversations(): Promise<void> {
    update({ conversationsStale: false });
    try {
      const answer = await options.api.consultaHistoricoConversasChat({});
      update((current) => ({
        conversations: answer.historicoConversas,
        conversationsLoaded: true,
        idSalaPresenca: answer.idSalaPresenca,
        unreadTotal: current.conversationsLoaded
          ? current.unreadTotal
          : answer.historicoConversas.reduce((sum, item) => sum + item.qtdMensagensNaoLidas, 0),
      }));
      requestPresence();
    } catch (error) {
      // Spec section 8: failures loading the conversation list are only logged.
      console.error(error);
      update({ conversationsLoaded: true });
    }
  }

  function requestPage(idSala: number, idPaginaAtual: number): void {
    const room = state().rooms[idSala] ?? emptyRoom;
    update((current) => ({ rooms: { ...current.rooms, [idSala]: { ...room, loading: true } } }));
    socket.send({
      idTipo: ChatRequestType.loadMessages,
      idSala,
      idUsuarioOrigem: options.me,
      idPaginaAtual,
      qtdRegistrosPorPagina: limits.pageSize.chatMessages,
      ...(idPaginaAtual > 1 && room.anchor !== null ? { idMensagemAncora: room.anchor } : {}),
    });
  }

  function markRoomRead(idSala: number, idMensagens: number[] = []): void {
    socket.send({ idTipo: ChatRequestType.markRead, idSala, idUsuarioOrigem: options.me, idMensagens });
  }

  function handleOpen(): void {
    void refreshUnread();
    requestPresence();
    const active = state().activeRoomId;
    if (active !== null && state().pageOpen) {
      // Back after a drop: join again and read the newest page for what was missed.
      socket.send({ idTipo: ChatRequestType.joinRoom, idSala: active });
      requestPage(active, 1);
    }
  }

  function handleFrame(frame: ChatServerFrame): void {
    if (isChatErrorFrame(frame)) {
      const failedSend = frame.idRequisicao;
      update((current) => ({
        pending: failedSend
          ? current.pending.filter((item) => item.idMensagemCliente !== failedSend)
          : current.pending,
        rooms:
          frame.idTipo === ChatRequestType.loadMessages
            ? Object.fromEntries(
                Object.entries(current.rooms).map(([id, room]) => [id, { ...room, loading: false }]),
              )
            : current.rooms,
      }));
      // Spec section 4: a reply with codigoResposta other than 0 shows descricaoErro.
      options.showError(frame.descricaoErro);
      return;
    }
    const before = state();
    store.getState().applyEvent(frame, options.me);
    const after = state();

    if (frame.idTipo === ChatEventType.newMessage) {
      const seenNow = before.activeRoomId === frame.idSala && before.pageOpen;
      if (frame.idUsuario !== options.me) {
        if (seenNow) markRoomRead(frame.idSala, [frame.idMensagem]);
        options.onIncoming(frame, seenNow);
      }
    }
    if (
      frame.idTipo === ChatEventType.roomChanged &&
      frame.idRequisicao !== undefined &&
      personChatRequests.delete(frame.idRequisicao)
    ) {
      openRoom(frame.idSala);
    }
    if (after.conversationsStale && !before.conversationsStale && after.pageOpen) void loadConversations();
  }

  /** Opens a conversation: joins its room, loads its newest page and marks it read. */
  function openRoom(idSala: number): void {
    update({ activeRoomId: idSala });
    socket.send({ idTipo: ChatRequestType.joinRoom, idSala });
    if (!state().rooms[idSala] || state().rooms[idSala]?.loadedPages === 0) requestPage(idSala, 1);
    const conversation = state().conversations.find((item) => item.idSala === idSala);
    if (conversation && conversation.qtdMensagensNaoLidas > 0) markRoomRead(idSala);
  }

  return {
    /** Connects, only if a chat token is stored; once open it asks presence and the unread total. */
    start(): void {
      socket.connect();
    },
    /** Closes for good and forgets everything (logout, leaving the portal). */
    stop(): void {
      socket.close();
      if (presenceTimer.id) clearInterval(presenceTimer.id);
      store.getState().reset();
    },
    /** The chat page came on screen or left it: the socket then reconnects, or no longer does. */
    setPageOpen(open: boolean): void {
      update(open ? { pageOpen: true } : { pageOpen: false, activeRoomId: null });
      if (presenceTimer.id) clearInterval(presenceTimer.id);
      presenceTimer.id = null;
      if (!open) return;
      socket.resume();
      void loadConversations();
      // Presence changes as people come and go: ask again while the page is open.
      presenceTimer.id = setInterval(requestPresence, limits.presencePingMs * 5);
    },
    /** Tries to connect now instead of waiting ('Tentar agora'). */
    retryNow(): void {
      socket.retryNow();
    },
    loadConversations,
    openRoom,
    /** Leaves the open conversation (narrow screens go back to the list). */
    closeRoom(): void {
      update({ activeRoomId: null });
    },
    /** Asks the next older page of a room, if there is one and none is on its way. */
    loadOlder(idSala: number): void {
      const room = state().rooms[idSala];
      if (!room || room.loading || room.loadedPages >= room.totalPages) return;
      requestPage(idSala, room.loadedPages + 1);
    },
    /** Opens (or creates) the conversation with one person; the server answers with its room. */
    startPersonChat(idUsuarioDestino: number): void {
      const existing = state().conversations.find((item) => item.idUsuario === idUsuarioDestino);
      if (existing) {
        openRoom(existing.idSala);
        return;
      }
      const idRequisicao = newClientId();
      personChatRequests.add(idRequisicao);
      socket.send({
        idTipo: ChatRequestType.startPersonChat,
        idRequisicao,
        idUsuarioOrigem: options.me,
        idUsuarioDestino,
      });
    },
    /** Sends a message; an attachment or audio is uploaded first. Waits for the socket if it is down. */
    async sendMessage(input: {
      idSala: number;
      mensagem: string;
      idUsuariosMencionados: number[];
      attachment?: OutgoingAttachment;
    }): Promise<void> {
      const idMensagemCliente = newClientId();
      const { attachment } = input;
      update((current) => ({
        pending: [
          ...current.pending,
          {
            idMensagemCliente,
            idSala: input.idSala,
            mensagem: input.mensagem,
            dtEnvio: new Date().toISOString(),
            nomeArquivo: attachment?.name ?? null,
            idTipoArquivo: attachment ? fileTypeOf(attachment) : null,
          },
        ],
      }));
      let idAnexo: number | undefined;
      if (attachment) {
        try {
          const file =
            attachment.file instanceof File ? attachment.file : new File([attachment.file], attachment.name);
          const answer = await options.api.enviaAnexoChat({
            idSala: input.idSala,
            flAudio: toFlag(Boolean(attachment.audio)),
            file,
          });
          idAnexo = answer.anexo.idAnexo;
        } catch (error) {
          update((current) => ({
            pending: current.pending.filter((item) => item.idMensagemCliente !== idMensagemCliente),
          }));
          options.showError(error);
          return;
        }
      }
      socket.send({
        idTipo: ChatRequestType.send,
        idRequisicao: idMensagemCliente,
        idSala: input.idSala,
        idMensagemCliente,
        mensagem: input.mensagem,
        idUsuariosMencionados: input.idUsuariosMencionados,
        ...(idAnexo !== undefined ? { idAnexo } : {}),
        ...(attachment?.audio ?? {}),
      });
    },
    editMessage(idMensagem: number, mensagem: string): void {
      socket.send({ idTipo: ChatRequestType.edit, idMensagem, mensagem });
    },
    deleteMessage(idMensagem: number, forEveryone: boolean): void {
      socket.send({
        idTipo: ChatRequestType.delete,
        idMensagem,
        flExcluirDefinitivo: toFlag(forEveryone),
      });
    },
  };
}

export type ChatController = ReturnType<typeof createChatController>;
