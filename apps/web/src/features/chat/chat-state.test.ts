import { ChatEventType, type ChatEvent } from '@elo/contract/chat';
import { describe, expect, it } from 'vitest';
import { fixtureMe as me, makeConversation, makeMessage } from './chat-fixtures.ts';
import { applyChatEvent, initialChatState, isConversationOnline, type ChatState } from './chat-state.ts';

const ok = { codigoResposta: 0 as const, descricaoErro: null };

function stateWith(overrides: Partial<ChatState> = {}): ChatState {
  return {
    ...initialChatState,
    conversationsLoaded: true,
    idSalaPresenca: 0,
    unreadTotal: 2,
    conversations: [
      makeConversation(),
      makeConversation({
        idSala: 2,
        idUsuario: 4,
        descricao: 'Ana',
        dtEnvio: '2026-03-09T10:00:00.000Z',
        qtdMensagensNaoLidas: 0,
      }),
    ],
    rooms: {
      1: {
        messages: [makeMessage({ idMensagem: 40, dtEnvio: '2026-03-10T11:00:00.000Z' })],
        loadedPages: 1,
        totalPages: 2,
        anchor: 40,
        loading: false,
      },
    },
    ...overrides,
  };
}

function apply(state: ChatState, event: ChatEvent): ChatState {
  return applyChatEvent(state, event, me);
}

describe('chat state by incoming type (spec section 4)', () => {
  it('2: appends a new message, counts it unread outside the open room and re-sorts the list', () => {
    const next = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.newMessage,
      ...makeMessage({ idSala: 2, idMensagem: 60, idUsuario: 4, mensagem: 'Oi Maria' }),
    });
    expect(next.unreadTotal).toBe(3);
    expect(next.conversations.map((conversation) => conversation.idSala)).toEqual([2, 1]);
    expect(next.conversations[0]).toMatchObject({
      mensagem: 'Oi Maria',
      qtdMensagensNaoLidas: 1,
      flLida: 'N',
    });
  });

  it('2: in the open room a message is read at once; an own ack replaces the pending copy', () => {
    const open = stateWith({
      activeRoomId: 1,
      pageOpen: true,
      pending: [
        {
          idMensagemCliente: 'mine-1',
          idSala: 1,
          mensagem: 'Eu',
          dtEnvio: '',
          nomeArquivo: null,
          idTipoArquivo: null,
        },
      ],
    });
    const fromCarlos = apply(open, { ...ok, idTipo: ChatEventType.newMessage, ...makeMessage() });
    expect(fromCarlos.unreadTotal).toBe(2);
    expect(fromCarlos.rooms[1]?.messages.map((message) => message.idMensagem)).toEqual([40, 50]);
    expect(fromCarlos.conversations[0]?.flLida).toBe('S');
    const mine = apply(fromCarlos, {
      ...ok,
      idTipo: ChatEventType.newMessage,
      ...makeMessage({
        idMensagem: 51,
        idUsuario: me,
        idMensagemCliente: 'mine-1',
        mensagem: 'Eu',
        dtEnvio: '2026-03-10T12:01:00.000Z',
      }),
    });
    expect(mine.pending).toEqual([]);
    expect(mine.conversations[0]).toMatchObject({ idUsuarioUltimaMensagem: me, flLida: 'N' });
  });

  it('2: a message of a room the list does not know asks for the list again', () => {
    const next = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.newMessage,
      ...makeMessage({ idSala: 9 }),
    });
    expect(next.conversationsStale).toBe(true);
  });

  it('1: the other person read my messages: double ticks in the room and the list', () => {
    const state = stateWith({
      conversations: [makeConversation({ idMensagem: 41, idUsuarioUltimaMensagem: me })],
      rooms: {
        1: {
          messages: [makeMessage({ idMensagem: 41, idUsuario: me })],
          loadedPages: 1,
          totalPages: 1,
          anchor: 41,
          loading: false,
        },
      },
    });
    const next = apply(state, {
      ...ok,
      idTipo: ChatEventType.read,
      idSala: 1,
      idUsuario: 3,
      idMensagens: [41],
      flLidaPorTodos: 'S',
    });
    expect(next.rooms[1]?.messages[0]?.flLida).toBe('S');
    expect(next.conversations[0]?.flLida).toBe('S');
    const partial = apply(state, {
      ...ok,
      idTipo: ChatEventType.read,
      idSala: 1,
      idUsuario: 3,
      idMensagens: [41],
      flLidaPorTodos: 'N',
    });
    expect(partial.rooms[1]?.messages[0]?.flLida).toBe('N');
  });

  it('3: merges a history page, keeping the anchor of page 1 and the page count', () => {
    const next = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.historyPage,
      idSala: 1,
      mensagens: [makeMessage({ idMensagem: 30, dtEnvio: '2026-03-09T11:00:00.000Z' })],
      idPaginaAtual: 2,
      qtdRegistrosPorPagina: 10,
      qtdTotalRegistros: 11,
      qtdPagina: 2,
      idMensagemAncora: 40,
    });
    expect(next.rooms[1]).toMatchObject({ loadedPages: 2, totalPages: 2, anchor: 40, loading: false });
    expect(next.rooms[1]?.messages.map((message) => message.idMensagem)).toEqual([30, 40]);
  });

  it('4: takes the unread counts of the reader', () => {
    const next = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.markedRead,
      idSala: 1,
      idMensagens: [40],
      qtdMensagensNaoLidasSala: 0,
      qtdMensagensNaoLidas: 0,
    });
    expect(next.unreadTotal).toBe(0);
    expect(next.conversations[0]).toMatchObject({ qtdMensagensNaoLidas: 0, flLida: 'S' });
    expect(next.rooms[1]?.messages[0]?.flLida).toBe('S');
  });

  it('5: replaces an edited message and its preview', () => {
    const edited = makeMessage({
      idMensagem: 40,
      mensagem: 'Corrigido',
      dtEdicao: '2026-03-10T11:05:00.000Z',
      dtEnvio: '2026-03-10T11:00:00.000Z',
    });
    const next = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.edited,
      ...edited,
      ultimaMensagemSala: edited,
    });
    expect(next.rooms[1]?.messages[0]).toMatchObject({
      mensagem: 'Corrigido',
      dtEdicao: '2026-03-10T11:05:00.000Z',
    });
    expect(next.conversations.find((conversation) => conversation.idSala === 1)?.mensagem).toBe('Corrigido');
  });

  it('6: deleting the last message for everyone shows the message before it as the preview', () => {
    const earlier = makeMessage({ idMensagem: 39, mensagem: 'Bom dia', dtEnvio: '2026-03-10T10:00:00.000Z' });
    const next = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.deleted,
      idMensagem: 40,
      idSala: 1,
      flExcluirDefinitivo: 'S',
      ultimaMensagemSala: earlier,
    });
    expect(next.conversations.find((conversation) => conversation.idSala === 1)).toMatchObject({
      idMensagem: 39,
      mensagem: 'Bom dia',
      dtEnvio: '2026-03-10T10:00:00.000Z',
    });
  });

  it('6: a deletion of an older message keeps a preview that shows a later one', () => {
    const next = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.deleted,
      idMensagem: 12,
      idSala: 1,
      flExcluirDefinitivo: 'S',
      ultimaMensagemSala: makeMessage({ idMensagem: 39, mensagem: 'Bom dia' }),
    });
    expect(next.conversations.find((conversation) => conversation.idSala === 1)).toMatchObject({
      idMensagem: 40,
      mensagem: 'Antes',
    });
  });

  it('6: deleting for everyone leaves a tombstone; for me it removes; the preview follows the last message', () => {
    const forAll = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.deleted,
      idMensagem: 40,
      idSala: 1,
      flExcluirDefinitivo: 'S',
      ultimaMensagemSala: makeMessage({
        idMensagem: 40,
        mensagem: '',
        flExcluirDefinitivo: 'S',
        dtEnvio: '2026-03-10T11:00:00.000Z',
      }),
    });
    expect(forAll.rooms[1]?.messages[0]).toMatchObject({ flExcluirDefinitivo: 'S', mensagem: '' });
    expect(forAll.conversations.find((conversation) => conversation.idSala === 1)?.flExcluirDefinitivo).toBe(
      'S',
    );
    const forMe = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.deleted,
      idMensagem: 40,
      idSala: 1,
      flExcluirDefinitivo: 'N',
      ultimaMensagemSala: null,
    });
    expect(forMe.rooms[1]?.messages).toEqual([]);
    expect(forMe.conversations.find((conversation) => conversation.idSala === 1)).toMatchObject({
      idMensagem: null,
      mensagem: null,
    });
  });

  it('0: adds or replaces a room entry, and drops a room one left', () => {
    const added = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.roomChanged,
      idSala: 5,
      conversa: makeConversation({
        idSala: 5,
        flGrupo: 'S',
        idUsuario: null,
        descricao: 'Comitê',
        dtEnvio: '2026-03-11T00:00:00.000Z',
      }),
    });
    expect(added.conversations[0]?.descricao).toBe('Comitê');
    const removed = apply(
      { ...added, activeRoomId: 5 },
      { ...ok, idTipo: ChatEventType.roomChanged, idSala: 5, flRemovida: 'S' },
    );
    expect(removed.conversations.map((conversation) => conversation.idSala)).toEqual([1, 2]);
    expect(removed.activeRoomId).toBeNull();
  });

  it('9: keeps the company presence list; a group is online when another member is', () => {
    const next = apply(stateWith(), {
      ...ok,
      idTipo: ChatEventType.presence,
      idSala: 0,
      listUsuariosOnline: [me, 3],
    });
    expect(next.online).toEqual([me, 3]);
    expect(isConversationOnline(makeConversation(), next.online, me)).toBe(true);
    expect(isConversationOnline(makeConversation({ idUsuario: 4 }), next.online, me)).toBe(false);
    expect(
      isConversationOnline(makeConversation({ idUsuario: null, membros: [me, 4, 3] }), next.online, me),
    ).toBe(true);
    expect(
      apply(stateWith(), { ...ok, idTipo: ChatEventType.presence, idSala: 7, listUsuariosOnline: [3] })
        .online,
    ).toEqual([]);
  });
});
