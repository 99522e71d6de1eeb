import { ChatEventType, type ChatEvent, type HistoricoConversa, type MensagemChat } from '@elo/contract/chat';
import type { Flag } from '@elo/contract/enums';

/** The loaded history of one room, oldest message first. */
export interface RoomHistory {
  messages: MensagemChat[];
  /** The highest page loaded (pages count from the newest message). */
  loadedPages: number;
  /** How many pages the room had when page 1 was read. */
  totalPages: number;
  /** Page 1's newest message: later pages count from it, so new messages never shift them. */
  anchor: number | null;
  loading: boolean;
}

/** A message sent but not yet acknowledged by the server (waiting for the socket, or in flight). */
export interface PendingMessage {
  idMensagemCliente: string;
  idSala: number;
  mensagem: string;
  dtEnvio: string;
  nomeArquivo: string | null;
  idTipoArquivo: number | null;
}

/** Everything the chat shows; changed only by the functions below and the store's setters. */
export interface ChatState {
  connected: boolean;
  /** Connecting fails (attempts closed before opening): the page says so once, until it connects. */
  connectionFailing: boolean;
  /** Whether the chat page is on screen (a lost socket comes back after 500 ms then, later elsewhere). */
  pageOpen: boolean;
  conversations: HistoricoConversa[];
  conversationsLoaded: boolean;
  /** Set when an event names a room the list does not know: the list must be asked again. */
  conversationsStale: boolean;
  idSalaPresenca: number | null;
  online: number[];
  activeRoomId: number | null;
  rooms: Record<number, RoomHistory>;
  pending: PendingMessage[];
  unreadTotal: number;
  /** The last new message from someone else in the open room, for the screen reader's live region. */
  announcement: string;
}

export const initialChatState: ChatState = {
  connected: false,
  connectionFailing: false,
  pageOpen: false,
  conversations: [],
  conversationsLoaded: false,
  conversationsStale: false,
  idSalaPresenca: null,
  online: [],
  activeRoomId: null,
  rooms: {},
  pending: [],
  unreadTotal: 0,
  announcement: '',
};

export const emptyRoom: RoomHistory = {
  messages: [],
  loadedPages: 0,
  totalPages: 0,
  anchor: null,
  loading: false,
};

function byNewestActivity(a: HistoricoConversa, b: HistoricoConversa): number {
  return Date.parse(b.dtEnvio) - Date.parse(a.dtEnvio) || b.idSala - a.idSala;
}

function byOldestFirst(a: MensagemChat, b: MensagemChat): number {
  return Date.parse(a.dtEnvio) - Date.parse(b.dtEnvio) || a.idMensagem - b.idMensagem;
}

/** The conversation list sorted by last activity, newest first (spec section 4). */
export function sortConversations(conversations: HistoricoConversa[]): HistoricoConversa[] {
  return [...conversations].sort(byNewestActivity);
}

/** Merges messages into a room's list: one per id (the later copy wins), oldest first. */
export function mergeMessages(
  current: readonly MensagemChat[],
  incoming: readonly MensagemChat[],
): MensagemChat[] {
  const byId = new Map<number, MensagemChat>();
  for (const message of current) byId.set(message.idMensagem, message);
  for (const message of incoming) byId.set(message.idMensagem, message);
  return [...byId.values()].sort(byOldestFirst);
}

/** A conversation's preview fields from its last message (or none, when the room is now empty). */
export function previewFrom(
  conversation: HistoricoConversa,
  last: MensagemChat | null,
  flLida: Flag,
): HistoricoConversa {
  if (!last) {
    return {
      ...conversation,
      idMensagem: null,
      idUsuarioUltimaMensagem: null,
      mensagem: null,
      nomeAnexo: null,
      pathAnexo: null,
      idTipoArquivo: null,
      duracao: null,
      audioSamples: null,
      flExcluirDefinitivo: 'N',
      flLida: 'S',
    };
  }
  return {
    ...conversation,
    idMensagem: last.idMensagem,
    idUsuarioUltimaMensagem: last.idUsuario,
    mensagem: last.mensagem,
    nomeAnexo: last.nomeArquivo,
    pathAnexo: last.urlArquivo,
    idTipoArquivo: last.idTipoArquivo,
    duracao: last.duracao,
    audioSamples: last.audioSamples,
    flExcluirDefinitivo: last.flExcluirDefinitivo,
    dtEnvio: last.dtEnvio,
    flLida,
  };
}

function updateRoom(state: ChatState, idSala: number, change: (room: RoomHistory) => RoomHistory): ChatState {
  const room = state.rooms[idSala];
  if (!room) return state;
  return { ...state, rooms: { ...state.rooms, [idSala]: change(room) } };
}

function updateConversation(
  state: ChatState,
  idSala: number,
  change: (conversation: HistoricoConversa) => HistoricoConversa,
): ChatState {
  if (!state.conversations.some((conversation) => conversation.idSala === idSala)) return state;
  return {
    ...state,
    conversations: sortConversations(
      state.conversations.map((conversation) =>
        conversation.idSala === idSala ? change(conversation) : conversation,
      ),
    ),
  };
}

function withMessageRead(messages: MensagemChat[], ids: readonly number[]): MensagemChat[] {
  const read = new Set(ids);
  return messages.map((message) => (read.has(message.idMensagem) ? { ...message, flLida: 'S' } : message));
}

/** How the last message of a room reads in the list: one's own as sent (N) until others read it. */
function lastMessageFlag(state: ChatState, message: MensagemChat, me: number): Flag {
  if (message.idUsuario === me) return message.flLida;
  return state.activeRoomId === message.idSala && state.pageOpen ? 'S' : message.flLida;
}

function applyNewMessage(state: ChatState, message: MensagemChat, me: number): ChatState {
  const mine = message.idUsuario === me;
  const known = state.conversations.some((conversation) => conversation.idSala === message.idSala);
  const seenNow = state.activeRoomId === message.idSala && state.pageOpen;
  const countsAsUnread = !mine && !seenNow;
  let next: ChatState = {
    ...state,
    pending: state.pending.filter((item) => item.idMensagemCliente !== message.idMensagemCliente),
    unreadTotal: state.unreadTotal + (countsAsUnread ? 1 : 0),
    conversationsStale: state.conversationsStale || (!known && state.conversationsLoaded),
  };
  next = updateRoom(next, message.idSala, (room) => ({
    ...room,
    messages: mergeMessages(room.messages, [message]),
  }));
  return updateConversation(next, message.idSala, (conversation) => ({
    ...previewFrom(conversation, message, lastMessageFlag(state, message, me)),
    qtdMensagensNaoLidas: conversation.qtdMensagensNaoLidas + (countsAsUnread ? 1 : 0),
  }));
}

/**
 * A message was edited or deleted (`changedId`): the room's preview becomes the server's last
 * message of the room, which after a deletion is an earlier message (or none).
 */
function applyChangedLast(
  state: ChatState,
  idSala: number,
  changedId: number,
  last: MensagemChat | null,
  me: number,
): ChatState {
  return updateConversation(state, idSala, (conversation) => {
    // A preview that already shows a later message than both keeps it (the event came late).
    const previewIsLater =
      conversation.idMensagem !== null &&
      conversation.idMensagem !== changedId &&
      (last === null || last.idMensagem < conversation.idMensagem);
    if (previewIsLater) return conversation;
    const flLida = last ? lastMessageFlag(state, last, me) : 'S';
    return { ...previewFrom(conversation, last, flLida), dtEnvio: last?.dtEnvio ?? conversation.dtEnvio };
  });
}

/** The state after a server event (spec section 4, Incoming message types); `me` is the user's id. */
export function applyChatEvent(state: ChatState, event: ChatEvent, me: number): ChatState {
  switch (event.idTipo) {
    case ChatEventType.roomChanged: {
      if (event.flRemovida === 'S') {
        const { [event.idSala]: _removed, ...rooms } = state.rooms;
        return {
          ...state,
          rooms,
          conversations: state.conversations.filter((conversation) => conversation.idSala !== event.idSala),
          activeRoomId: state.activeRoomId === event.idSala ? null : state.activeRoomId,
        };
      }
      const entry = event.conversa;
      if (!entry) return { ...state, conversationsStale: true };
      const others = state.conversations.filter((conversation) => conversation.idSala !== entry.idSala);
      return { ...state, conversations: sortConversations([...others, entry]) };
    }
    case ChatEventType.read: {
      if (event.idUsuario === me || event.flLidaPorTodos !== 'S' || event.idMensagens.length === 0)
        return state;
      const next = updateRoom(state, event.idSala, (room) => ({
        ...room,
        messages: withMessageRead(room.messages, event.idMensagens),
      }));
      return updateConversation(next, event.idSala, (conversation) =>
        conversation.idMensagem !== null &&
        conversation.idUsuarioUltimaMensagem === me &&
        event.idMensagens.includes(conversation.idMensagem)
          ? { ...conversation, flLida: 'S' }
          : conversation,
      );
    }
    case ChatEventType.newMessage:
      return applyNewMessage(state, event, me);
    case ChatEventType.historyPage: {
      const room = state.rooms[event.idSala] ?? emptyRoom;
      const firstPage = event.idPaginaAtual === 1;
      return {
        ...state,
        rooms: {
          ...state.rooms,
          [event.idSala]: {
            messages: mergeMessages(room.messages, event.mensagens),
            loadedPages: Math.max(firstPage ? 1 : room.loadedPages, event.idPaginaAtual),
            totalPages: firstPage ? event.qtdPagina : room.totalPages,
            anchor: firstPage ? event.idMensagemAncora : room.anchor,
            loading: false,
          },
        },
      };
    }
    case ChatEventType.markedRead: {
      const next = updateRoom(state, event.idSala, (room) => ({
        ...room,
        messages: withMessageRead(
          room.messages,
          event.idMensagens.length > 0
            ? event.idMensagens
            : room.messages
                .filter((message) => message.idUsuario !== me)
                .map((message) => message.idMensagem),
        ),
      }));
      const updated = updateConversation(next, event.idSala, (conversation) => ({
        ...conversation,
        qtdMensagensNaoLidas: event.qtdMensagensNaoLidasSala,
        flLida: conversation.idUsuarioUltimaMensagem === me ? conversation.flLida : 'S',
      }));
      return { ...updated, unreadTotal: event.qtdMensagensNaoLidas };
    }
    case ChatEventType.edited: {
      const {
        idTipo: _type,
        codigoResposta: _code,
        descricaoErro: _error,
        idRequisicao: _request,
        ultimaMensagemSala,
        ...message
      } = event;
      const next = updateRoom(state, event.idSala, (room) => ({
        ...room,
        messages: room.messages.some((item) => item.idMensagem === message.idMensagem)
          ? mergeMessages(room.messages, [message])
          : room.messages,
      }));
      return applyChangedLast(next, event.idSala, message.idMensagem, ultimaMensagemSala, me);
    }
    case ChatEventType.deleted: {
      const next = updateRoom(state, event.idSala, (room) => ({
        ...room,
        messages:
          event.flExcluirDefinitivo === 'S'
            ? room.messages.map((message) =>
                message.idMensagem === event.idMensagem
                  ? {
                      ...message,
                      flExcluirDefinitivo: 'S',
                      mensagem: '',
                      idTipoArquivo: null,
                      urlArquivo: null,
                      urlThumbNail: null,
                      nomeArquivo: null,
                      audioSamples: null,
                      duracao: null,
                      dadosLinkMetadata: null,
                    }
                  : message,
              )
            : room.messages.filter((message) => message.idMensagem !== event.idMensagem),
      }));
      return applyChangedLast(next, event.idSala, event.idMensagem, event.ultimaMensagemSala, me);
    }
    case ChatEventType.presence:
      return event.idSala === state.idSalaPresenca ? { ...state, online: event.listUsuariosOnline } : state;
  }
}

/** Whether a conversation counts as online: the other person, or any other member of a group. */
export function isConversationOnline(
  conversation: HistoricoConversa,
  online: readonly number[],
  me: number,
): boolean {
  if (conversation.idUsuario !== null) return online.includes(conversation.idUsuario);
  return conversation.membros.some((member) => member !== me && online.includes(member));
}
