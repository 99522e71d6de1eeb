import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { limits } from './limits.ts';
import { flagSchema, idMax, idSchema, pageRequest } from './wire.ts';

/**
 * The chat websocket at `/backend/chat` (spec sections 4 and 7): JSON frames in both directions,
 * each with `idTipo`. Frames from the client also carry `tokenChat`; frames from the server carry
 * `codigoResposta` (0 = ok) and `descricaoErro` (the translated reason, null when ok).
 * The whole protocol, with an example of each frame, is in docs/chat-protocol.md.
 */

/** What the client asks for (outgoing types of the portal). */
export const ChatRequestType = {
  startPersonChat: 0,
  joinRoom: 1,
  send: 2,
  loadMessages: 3,
  markRead: 4,
  edit: 5,
  delete: 6,
  ping: 7,
  presence: 9,
} as const;

/** What the server tells (incoming types of the spec's table). */
export const ChatEventType = {
  /** A room to (re)load: the answer to 0, and sent to people added to a room or group. */
  roomChanged: 0,
  /** Messages were read by someone (also the answer to joining a room, with no ids). */
  read: 1,
  /** A new message (the sender gets it too: that is its acknowledgement). */
  newMessage: 2,
  historyPage: 3,
  /** The answer to marking messages read: the reader's unread counts. */
  markedRead: 4,
  /** A message changed: edited by its author, or its link preview arrived. */
  edited: 5,
  deleted: 6,
  presence: 9,
} as const;

/** Kinds of attachment (`idTipoArquivo`). */
export const ChatFileType = { image: 1, pdf: 2, file: 3, audio: 4 } as const;
export type ChatFileTypeId = (typeof ChatFileType)[keyof typeof ChatFileType];

/** `codigoResposta` values: 0 is success; each failure names its kind (and `codigoErro` the exact code). */
export const ChatResponseCode = {
  ok: 0,
  invalid: 1,
  session: 2,
  forbidden: 3,
  notFound: 4,
  tooLarge: 5,
  tooMany: 6,
  internal: 7,
} as const;

/** Error codes the chat can answer with, and their `codigoResposta`. */
export const chatErrorResponseCode: Partial<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: ChatResponseCode.invalid,
  MALFORMED_BODY: ChatResponseCode.invalid,
  SESSION_EXPIRED: ChatResponseCode.session,
  FORBIDDEN: ChatResponseCode.forbidden,
  CHAT_NOT_MEMBER: ChatResponseCode.forbidden,
  NOT_FOUND: ChatResponseCode.notFound,
  CHAT_FRAME_TOO_LARGE: ChatResponseCode.tooLarge,
  CHAT_RATE_LIMITED: ChatResponseCode.tooMany,
  CHAT_TOO_MANY_CONNECTIONS: ChatResponseCode.tooMany,
  INTERNAL_ERROR: ChatResponseCode.internal,
};

/** Close codes the server uses when it ends a socket (the close reason says the same in words). */
export const ChatCloseCode = {
  /** The chat token is unknown or its session ended (logout, expiry). */
  session: 4401,
  /** The user lacks ADMIN_APP_TAB_MENSAGENS. */
  forbidden: 4403,
  /** No valid first frame in time. */
  authTimeout: 4408,
  /** Repeated oversize frames. */
  tooLarge: 4413,
  /** Repeated floods, or too many sockets for one user. */
  tooMany: 4429,
  /** The client read too slowly and the server's buffer for it passed its bound. */
  slowConsumer: 4430,
  /** The server is shutting down; reconnect. */
  goingAway: 1001,
} as const;

/** A row id given by a client. */
export const id = idSchema;
/** A room id where 0 names the company's presence room. */
const roomOrPresence = z.number().int().min(0).max(idMax);
const tokenChat = z.string().min(1).max(200);
/** A client's own correlation id for a request, echoed in the answer. */
const idRequisicao = z.string().min(1).max(64).optional();

/** Preview of the first link of a message, fetched by the server. */
export const linkMetadataSchema = z.object({
  url: z.string(),
  titulo: z.string().nullable(),
  descricao: z.string().nullable(),
  urlImagem: z.string().nullable(),
});
export type LinkMetadata = z.infer<typeof linkMetadataSchema>;

/** A message of a room (spec section 3, Chat message), as every frame and page carries it. */
export const mensagemChatSchema = z.object({
  idMensagem: z.number().int(),
  /** The id the sending client gave it; a resend with the same id is not stored twice. */
  idMensagemCliente: z.string(),
  idSala: z.number().int(),
  /** The sender. */
  idUsuario: z.number().int(),
  idUsuarioOrigem: z.number().int(),
  /** The other person of a room of two; null in a group. */
  idUsuarioDestino: z.number().int().nullable(),
  /** The company. */
  idUsuarioPai: z.number().int(),
  nomeUsuario: z.string(),
  urlFotoUsuario: z.string().nullable(),
  /** The text (empty for an attachment or audio without text, and once deleted for everyone). */
  mensagem: z.string(),
  idUsuariosMencionados: z.array(z.number().int()),
  dtEnvio: z.string(),
  /** When its author last edited it; null when never edited. */
  dtEdicao: z.string().nullable(),
  idTipoArquivo: z.number().int().nullable(),
  /** Audio length in seconds. */
  duracao: z.number().nullable(),
  /** The audio's waveform: at most 100 values from 0 to 1. */
  audioSamples: z.array(z.number()).nullable(),
  dadosLinkMetadata: linkMetadataSchema.nullable(),
  tamanhoArquivo: z.number().int().nullable(),
  nomeArquivo: z.string().nullable(),
  urlArquivo: z.string().nullable(),
  urlThumbNail: z.string().nullable(),
  /** S once deleted for everyone: text and attachment are gone. */
  flExcluirDefinitivo: flagSchema,
  /**
   * Own message: S when every other member has read it (the read ticks). Someone else's: S when
   * the asker has read it. Always N in a new-message frame.
   */
  flLida: flagSchema,
});
export type MensagemChat = z.infer<typeof mensagemChatSchema>;

/** A person's profile fields as the chat shows them (a person, or the other person of a room). */
export const perfilChatShape = {
  textoPerfil: z.string().nullable(),
  unidade: z.string().nullable(),
  filial: z.string().nullable(),
  setor: z.string().nullable(),
  cargo: z.string().nullable(),
};

/** A conversation in the list (spec section 3, Chat history entry). */
export const historicoConversaSchema = z.object({
  idSala: z.number().int(),
  flGrupo: flagSchema,
  /** The other person of a room of two; null for a group. */
  idUsuario: z.number().int().nullable(),
  /** The other person's name, or the group's name. */
  descricao: z.string(),
  /** The other person's photo, or the group's image. */
  urlFoto: z.string().nullable(),
  ...perfilChatShape,
  /** The last message, its sender and attachment (all null in a room with no message yet). */
  idMensagem: z.number().int().nullable(),
  idUsuarioUltimaMensagem: z.number().int().nullable(),
  mensagem: z.string().nullable(),
  nomeAnexo: z.string().nullable(),
  pathAnexo: z.string().nullable(),
  idTipoArquivo: z.number().int().nullable(),
  /** Send time of the last message, else when the room was made: the list is sorted by it, newest first. */
  dtEnvio: z.string(),
  /** Last message: S when read (by the asker, or, for the asker's own, by everyone else). */
  flLida: flagSchema,
  flExcluirDefinitivo: flagSchema,
  duracao: z.number().nullable(),
  audioSamples: z.array(z.number()).nullable(),
  /** Ids of the room's members. */
  membros: z.array(z.number().int()),
  qtdMensagensNaoLidas: z.number().int(),
  /** S when the other person (any other member, for a group) is online. */
  online: flagSchema,
});
export type HistoricoConversa = z.infer<typeof historicoConversaSchema>;

/** A member of a group chat. */
export const usuarioGrupoChatSchema = z.object({
  idUsuario: z.number().int(),
  nome: z.string(),
  urlFoto: z.string().nullable(),
  cargo: z.string().nullable(),
  setor: z.string().nullable(),
  flCriador: flagSchema,
});
export type UsuarioGrupoChat = z.infer<typeof usuarioGrupoChatSchema>;

/** A group chat (spec section 3, Group chat). */
export const grupoChatSchema = z.object({
  idSala: z.number().int(),
  nomeGrupo: z.string(),
  urlImagemGrupo: z.string().nullable(),
  idUsuarioCriador: z.number().int(),
  nomeUsuarioCriador: z.string(),
  ultimaMensagem: mensagemChatSchema.nullable(),
});
export type GrupoChat = z.infer<typeof grupoChatSchema>;

// ---------------------------------------------------------------- frames from the client

const clientBase = { tokenChat, idRequisicao };

/** 0: open (or reuse) the room of two with another person. */
export const startPersonChatFrameSchema = z.object({
  ...clientBase,
  idTipo: z.literal(ChatRequestType.startPersonChat),
  /** The sender; when given it must be the token's user. */
  idUsuarioOrigem: id.optional(),
  idUsuarioDestino: id,
});

/** 1: the conversation on screen; its messages are the ones the client reads. */
export const joinRoomFrameSchema = z.object({
  ...clientBase,
  idTipo: z.literal(ChatRequestType.joinRoom),
  idSala: id,
});

/**
 * 2: send a message. An attachment or audio is uploaded first with `enviaAnexoChat` and named
 * here by its `idAnexo`; audio also carries `duracao` and `audioSamples`.
 */
export const sendFrameSchema = z.object({
  ...clientBase,
  idTipo: z.literal(ChatRequestType.send),
  idSala: id,
  idMensagemCliente: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, { error: 'validation.chatClientIdInvalid' }),
  mensagem: z.string().max(limits.chat.messageMaxChars, { error: 'validation.tooLong' }).default(''),
  idAnexo: id.optional(),
  duracao: z.number().min(0).max(limits.chat.audioMaxSeconds).optional(),
  audioSamples: z
    .array(z.number().min(0).max(1))
    .max(limits.chat.audioSamplesMax, { error: 'validation.audioSamplesTooMany' })
    .optional(),
  /** People named in the text; ids that are not members of the room are dropped. */
  idUsuariosMencionados: z.array(id).max(limits.chat.mentionsMax).default([]),
});

/** 3: a page of history, newest first. */
export const loadMessagesFrameSchema = z.object({
  ...clientBase,
  idTipo: z.literal(ChatRequestType.loadMessages),
  idSala: id,
  idUsuarioOrigem: id.optional(),
  ...pageRequest(limits.pageSize.chatMessages, limits.pageSize.chatMessages),
  /**
   * The `idMensagemAncora` of page 1's answer, sent back with the next pages: pages then count
   * from that message down, so messages arriving meanwhile never shift them.
   */
  idMensagemAncora: id.optional(),
});

/** 4: mark messages of a room as read (all of the room's unread ones when `idMensagens` is empty). */
export const markReadFrameSchema = z.object({
  ...clientBase,
  idTipo: z.literal(ChatRequestType.markRead),
  idUsuarioOrigem: id.optional(),
  idSala: id,
  idMensagens: z.array(id).max(500).default([]),
});

/** 5: edit one's own message's text. */
export const editFrameSchema = z.object({
  ...clientBase,
  idTipo: z.literal(ChatRequestType.edit),
  idMensagem: id,
  mensagem: z.string().max(limits.chat.messageMaxChars, { error: 'validation.tooLong' }),
});

/** 6: delete a message: for everyone (S, one's own only) or only from one's own view (N). */
export const deleteFrameSchema = z.object({
  ...clientBase,
  idTipo: z.literal(ChatRequestType.delete),
  idMensagem: id,
  flExcluirDefinitivo: flagSchema.default('S'),
});

/** 7: still here (every 2 s); not answered. */
export const pingFrameSchema = z.object({
  ...clientBase,
  idTipo: z.literal(ChatRequestType.ping),
  idSala: roomOrPresence.optional(),
});

/** 9: who is online: the company (`idSalaPresenca`) or the members of a room. */
export const presenceFrameSchema = z.object({
  ...clientBase,
  idTipo: z.literal(ChatRequestType.presence),
  idSala: roomOrPresence,
});

/** Any frame the client sends. */
export const chatClientFrameSchema = z.discriminatedUnion('idTipo', [
  startPersonChatFrameSchema,
  joinRoomFrameSchema,
  sendFrameSchema,
  loadMessagesFrameSchema,
  markReadFrameSchema,
  editFrameSchema,
  deleteFrameSchema,
  pingFrameSchema,
  presenceFrameSchema,
]);
export type ChatClientFrame = z.input<typeof chatClientFrameSchema>;
export type ChatClientFrameParsed = z.output<typeof chatClientFrameSchema>;

// ---------------------------------------------------------------- frames from the server

const okBase = {
  codigoResposta: z.literal(ChatResponseCode.ok),
  descricaoErro: z.null(),
  /** Echo of the request's idRequisicao on a direct answer; absent on broadcasts. */
  idRequisicao: z.string().optional(),
};

/** 0: a room to (re)load (answer to 0; also sent when one is added to a group or a member leaves). */
export const roomChangedEventSchema = z.object({
  ...okBase,
  idTipo: z.literal(ChatEventType.roomChanged),
  idSala: z.number().int(),
  /** The room's entry as the receiver's conversation list shows it. */
  conversa: historicoConversaSchema.optional(),
  /** For a room the receiver left or was never in: S (drop it from the list). */
  flRemovida: flagSchema.optional(),
});

/** 1: `idUsuario` read `idMensagens` of `idSala` (the answer to joining carries no ids). */
export const readEventSchema = z.object({
  ...okBase,
  idTipo: z.literal(ChatEventType.read),
  idSala: z.number().int(),
  idUsuario: z.number().int(),
  idMensagens: z.array(z.number().int()),
  /** S when every other member has now read them (the sender's double tick). */
  flLidaPorTodos: flagSchema,
});

/** 2: a new message: the chat message's fields, flat. */
export const newMessageEventSchema = mensagemChatSchema.extend({
  ...okBase,
  idTipo: z.literal(ChatEventType.newMessage),
});

/** 3: a page of history (spec section 3, Message page), newest first. */
export const historyPageEventSchema = z.object({
  ...okBase,
  idTipo: z.literal(ChatEventType.historyPage),
  idSala: z.number().int(),
  mensagens: z.array(mensagemChatSchema),
  idPaginaAtual: z.number().int(),
  qtdRegistrosPorPagina: z.number().int(),
  qtdTotalRegistros: z.number().int(),
  qtdPagina: z.number().int(),
  /** Send it back with the next pages (see the request). Null when the room is empty. */
  idMensagemAncora: z.number().int().nullable(),
});

/** 4: the reader's unread counts after marking messages read (sent to each of the reader's sockets). */
export const markedReadEventSchema = z.object({
  ...okBase,
  idTipo: z.literal(ChatEventType.markedRead),
  idSala: z.number().int(),
  idMensagens: z.array(z.number().int()),
  qtdMensagensNaoLidasSala: z.number().int(),
  qtdMensagensNaoLidas: z.number().int(),
});

/** 5: a message changed (the whole message, flat), with the room's last message for the list preview. */
export const editedEventSchema = mensagemChatSchema.extend({
  ...okBase,
  idTipo: z.literal(ChatEventType.edited),
  ultimaMensagemSala: mensagemChatSchema.nullable(),
});

/** 6: a message was deleted, with the room's last message for the list preview. */
export const deletedEventSchema = z.object({
  ...okBase,
  idTipo: z.literal(ChatEventType.deleted),
  idMensagem: z.number().int(),
  idSala: z.number().int(),
  flExcluirDefinitivo: flagSchema,
  ultimaMensagemSala: mensagemChatSchema.nullable(),
});

/** 9: who is online among the company (idSalaPresenca) or the room's members. */
export const presenceEventSchema = z.object({
  ...okBase,
  idTipo: z.literal(ChatEventType.presence),
  idSala: z.number().int(),
  listUsuariosOnline: z.array(z.number().int()),
});

/** A failed request: `idTipo` is the request's, `descricaoErro` the translated reason. */
export const chatErrorFrameSchema = z.object({
  idTipo: z.number().int(),
  codigoResposta: z.number().int().min(1),
  descricaoErro: z.string(),
  /** The API error code (e.g. CHAT_NOT_MEMBER). */
  codigoErro: z.string(),
  idRequisicao: z.string().optional(),
  /** For invalid frames: field → translated messages, as in 422 answers. */
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** Set when the server closes the socket right after this frame. */
  flDesconectado: flagSchema.optional(),
});
export type ChatErrorFrame = z.infer<typeof chatErrorFrameSchema>;

export const chatEventSchema = z.discriminatedUnion('idTipo', [
  roomChangedEventSchema,
  readEventSchema,
  newMessageEventSchema,
  historyPageEventSchema,
  markedReadEventSchema,
  editedEventSchema,
  deletedEventSchema,
  presenceEventSchema,
]);
export type ChatEvent = z.infer<typeof chatEventSchema>;

/** Any frame the server sends: an event (codigoResposta 0) or an error. */
export const chatServerFrameSchema = z.union([chatEventSchema, chatErrorFrameSchema]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;

/** Tells an error frame from an event. */
export function isChatErrorFrame(frame: ChatServerFrame): frame is ChatErrorFrame {
  return frame.codigoResposta !== ChatResponseCode.ok;
}

/** The chat socket's path on the portal's host. */
export const chatSocketPath = '/backend/chat';
