import type { z } from 'zod';
import type {
  consultaTodosUsuarios,
  enviaAnexoChat,
  insereGrupoChat,
  recuperaQtdMensagensNaoLidas,
} from '@elo/contract/calls/chat';
import {
  ChatEventType,
  ChatResponseCode,
  type ChatEvent,
  type deleteFrameSchema,
  type editFrameSchema,
  type loadMessagesFrameSchema,
  type markReadFrameSchema,
  type sendFrameSchema,
} from '@elo/contract/chat';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { fromFlag, pageAnswerOf, pageQueryOf, toFlag } from '../../platform/http/wire.ts';
import type { NewAttachment } from './attachments/uploads.ts';
import type { MessageDeletion, MessageEdit } from './messages/changing.ts';
import type { HistoryQuery } from './messages/history.ts';
import type { NewMessage } from './messages/sending.ts';
import {
  presenceRoomId,
  type ChatUpdate,
  type Conversation,
  type GroupDetails,
  type UnreadCounts,
} from './model.ts';
import type { PeopleQuery } from './people/directory.ts';
import type { ReadMark } from './reading/receipts.ts';
import type { NewGroup } from './rooms/groups.ts';
import {
  presentAttachment,
  presentConversation,
  presentGroup,
  presentGroupMember,
  presentMessage,
  presentMessageOrNull,
} from './presenter.ts';

/**
 * The chat's wire both ways: the calls' and the socket frames' input as the use cases take it, and
 * what they give as the calls' answers and the socket's events (the entities in presenter.ts).
 */

type InputOf<C extends { input: z.ZodType }> = z.output<C['input']>;

// ---------------------------------------------------------------- calls

/** consultaTodosUsuarios: whom to look for. */
export const peopleQueryOf = (input: InputOf<typeof consultaTodosUsuarios>): PeopleQuery => ({
  name: input.nomeUsuario,
  page: pageQueryOf(input),
});

/** consultaHistoricoConversasChat's answer: the list and the company's presence room. */
export const presentConversationList = (conversations: Conversation[]) => ({
  historicoConversas: conversations.map(presentConversation),
  idSalaPresenca: presenceRoomId,
});

/** recuperaQtdMensagensNaoLidas: whether the answer lists the rooms too. */
export const withRoomsOf = (input: InputOf<typeof recuperaQtdMensagensNaoLidas>): boolean =>
  fromFlag(input.flRetornarGrupos);

/** recuperaQtdMensagensNaoLidas's answer: the total, and per room when asked. */
export const presentUnreadCounts = (counts: UnreadCounts, withRooms: boolean) => ({
  qtdMensagensNaoLidas: counts.total,
  ...(withRooms
    ? { salas: counts.rooms.map((row) => ({ idSala: row.roomId, qtdMensagensNaoLidas: row.unread })) }
    : {}),
});

/** A group with its members, as consultaGrupoChat and adicionaMembrosGrupoChat answer it. */
export const presentGroupAnswer = (group: GroupDetails) => ({
  grupoInfo: presentGroup(group),
  usuariosDoGrupo: group.members.map(presentGroupMember),
});

/**
 * insereGrupoChat: the members named in either list; the image by the `urlArquivo` its upload
 * answered, which names its storage key.
 */
export const newGroupOf = (input: InputOf<typeof insereGrupoChat>): NewGroup => ({
  name: input.nomeGrupo,
  memberIds: [...input.membros, ...input.usuariosParticipantes],
  imageKey: input.urlImagemGrupo ? input.urlImagemGrupo.replace(/^\/backend\/midia\//, '') : undefined,
});

/** insereGrupoChat's answer: the new room and the group. */
export const presentNewGroup = (created: { roomId: number; group: GroupDetails }) => ({
  idSala: created.roomId,
  ...presentGroupAnswer(created.group),
});

/** enviaAnexoChat: the multipart's fields and its file. */
export const newAttachmentOf = (
  input: InputOf<typeof enviaAnexoChat>,
  files: readonly UploadedFile[],
): NewAttachment => ({
  roomId: input.idSala,
  audio: fromFlag(input.flAudio),
  file: files.find((file) => file.field === 'file'),
});

/** enviaAnexoChat's answer. */
export const presentUpload = (row: Parameters<typeof presentAttachment>[0]) => ({
  anexo: presentAttachment(row),
});

// ---------------------------------------------------------------- socket frames

/** Type 2: a message to send. */
export const newMessageOf = (frame: z.output<typeof sendFrameSchema>): NewMessage => ({
  roomId: frame.idSala,
  clientId: frame.idMensagemCliente,
  text: frame.mensagem,
  attachmentId: frame.idAnexo,
  durationSeconds: frame.duracao,
  audioSamples: frame.audioSamples,
  mentionedIds: frame.idUsuariosMencionados,
});

/** Type 3: which page of history. */
export const historyQueryOf = (frame: z.output<typeof loadMessagesFrameSchema>): HistoryQuery => ({
  roomId: frame.idSala,
  anchorId: frame.idMensagemAncora,
  page: pageQueryOf(frame),
});

/** Type 4: the messages read. */
export const readMarkOf = (frame: z.output<typeof markReadFrameSchema>): ReadMark => ({
  roomId: frame.idSala,
  messageIds: frame.idMensagens,
});

/** Type 5: a message's new text. */
export const messageEditOf = (frame: z.output<typeof editFrameSchema>): MessageEdit => ({
  messageId: frame.idMensagem,
  text: frame.mensagem,
});

/** Type 6: for everyone (S) or from one's own view (N). */
export const messageDeletionOf = (frame: z.output<typeof deleteFrameSchema>): MessageDeletion => ({
  messageId: frame.idMensagem,
  forEveryone: fromFlag(frame.flExcluirDefinitivo),
});

const ok = { codigoResposta: ChatResponseCode.ok, descricaoErro: null };

/** An update as the socket's event: the frame every recipient's sockets get. */
export function presentChatUpdate(update: ChatUpdate): ChatEvent {
  switch (update.kind) {
    case 'roomChanged':
      return {
        ...ok,
        idTipo: ChatEventType.roomChanged,
        idSala: update.roomId,
        ...(update.conversation ? { conversa: presentConversation(update.conversation) } : {}),
        ...(update.removed ? { flRemovida: toFlag(true) } : {}),
      };
    case 'read':
      return {
        ...ok,
        idTipo: ChatEventType.read,
        idSala: update.roomId,
        idUsuario: update.readerId,
        idMensagens: update.messageIds,
        flLidaPorTodos: toFlag(update.readByAll),
      };
    case 'newMessage':
      return { ...ok, ...presentMessage(update.message), idTipo: ChatEventType.newMessage };
    case 'history':
      return {
        ...ok,
        idTipo: ChatEventType.historyPage,
        idSala: update.roomId,
        mensagens: update.page.items.map((entry) => presentMessage(entry.message, entry.read)),
        ...pageAnswerOf(update.page),
        qtdPagina: Math.ceil(update.page.total / update.page.size),
        idMensagemAncora: update.anchorId,
      };
    case 'markedRead':
      return {
        ...ok,
        idTipo: ChatEventType.markedRead,
        idSala: update.roomId,
        idMensagens: update.messageIds,
        qtdMensagensNaoLidasSala: update.roomUnread,
        qtdMensagensNaoLidas: update.totalUnread,
      };
    case 'edited':
      return {
        ...ok,
        ...presentMessage(update.message),
        idTipo: ChatEventType.edited,
        ultimaMensagemSala: presentMessageOrNull(update.roomLastMessage),
      };
    case 'deleted':
      return {
        ...ok,
        idTipo: ChatEventType.deleted,
        idMensagem: update.messageId,
        idSala: update.roomId,
        flExcluirDefinitivo: toFlag(update.forEveryone),
        ultimaMensagemSala: presentMessageOrNull(update.roomLastMessage),
      };
    case 'presence':
      return {
        ...ok,
        idTipo: ChatEventType.presence,
        idSala: update.roomId,
        listUsuariosOnline: update.onlineIds,
      };
  }
}
