import { z } from 'zod';
import {
  grupoChatSchema,
  historicoConversaSchema,
  id,
  perfilChatShape,
  usuarioGrupoChatSchema,
} from '../chat.ts';
import { defineCall } from '../define-call.ts';
import { MediaKind, Permission } from '../enums.ts';
import { limits } from '../limits.ts';
import { flagSchema, idTextSchema, pageAnswer, pageRequest, required } from '../wire.ts';

/** A person of the company as the chat lists them. */
export const usuarioChatSchema = z.object({
  idUsuario: z.number().int(),
  nome: z.string(),
  urlFoto: z.string().nullable(),
  ...perfilChatShape,
  online: flagSchema,
});
export type UsuarioChat = z.infer<typeof usuarioChatSchema>;

/** The company's active people but the caller, by name, 100 a page: whom one can chat with. */
export const consultaTodosUsuarios = defineCall({
  name: 'consultaTodosUsuarios',
  mode: 'read',
  audience: 'user',
  permission: Permission.chat,
  input: z.object({
    ...pageRequest(limits.pageSize.userList, limits.pageSize.userList),
    /** Part of the name (case ignored); empty lists everyone. */
    nomeUsuario: z.string().trim().max(160, { error: 'validation.tooLong' }).default(''),
  }),
  output: z.object({
    listUsuarios: z.array(usuarioChatSchema),
    ...pageAnswer,
  }),
});

/** The caller's conversations, newest activity first (not paged), and the company's presence room. */
export const consultaHistoricoConversasChat = defineCall({
  name: 'consultaHistoricoConversasChat',
  mode: 'read',
  audience: 'user',
  permission: Permission.chat,
  input: z.object({}),
  output: z.object({
    historicoConversas: z.array(historicoConversaSchema),
    /** Ask type 9 with this idSala for the company's online list. */
    idSalaPresenca: z.number().int(),
  }),
});

/** The caller's unread messages in total, and per room when `flRetornarGrupos` is S. */
export const recuperaQtdMensagensNaoLidas = defineCall({
  name: 'recuperaQtdMensagensNaoLidas',
  mode: 'read',
  audience: 'user',
  input: z.object({ flRetornarGrupos: flagSchema.default('N') }),
  output: z.object({
    qtdMensagensNaoLidas: z.number().int(),
    salas: z.array(z.object({ idSala: z.number().int(), qtdMensagensNaoLidas: z.number().int() })).optional(),
  }),
});

const grupoAnswer = z.object({
  grupoInfo: grupoChatSchema,
  usuariosDoGrupo: z.array(usuarioGrupoChatSchema),
});

/** A group chat the caller belongs to, with its members. */
export const consultaGrupoChat = defineCall({
  name: 'consultaGrupoChat',
  mode: 'read',
  audience: 'user',
  permission: Permission.chat,
  input: z.object({ idSala: id }),
  output: grupoAnswer,
});

const memberIds = z.array(id).max(limits.chat.groupMembersMax, { error: 'validation.groupMembersTooMany' });

/**
 * Creates a group chat with the caller (its creator) and the people named in `membros` and
 * `usuariosParticipantes` (ids, merged). `urlImagemGrupo` is the `urlArquivo` of an image the
 * caller uploaded with `enviaAnexoChat`. `nomeUsuarioCriador` is taken from the session.
 */
export const insereGrupoChat = defineCall({
  name: 'insereGrupoChat',
  mode: 'write',
  audience: 'user',
  permission: Permission.chat,
  input: z.object({
    nomeGrupo: z
      .string()
      .trim()
      .min(1, required)
      .max(limits.chat.groupNameMax, { error: 'validation.tooLong' }),
    nomeUsuarioCriador: z.string().max(160).optional(),
    membros: memberIds.default([]),
    usuariosParticipantes: memberIds.default([]),
    urlImagemGrupo: z.string().max(500).nullable().optional(),
  }),
  output: grupoAnswer.extend({ idSala: z.number().int() }),
});

/** Adds people to a group chat the caller belongs to. */
export const adicionaMembrosGrupoChat = defineCall({
  name: 'adicionaMembrosGrupoChat',
  mode: 'write',
  audience: 'user',
  permission: Permission.chat,
  input: z.object({
    idSala: id,
    membros: memberIds.min(1, { error: 'validation.groupMembersRequired' }),
  }),
  output: grupoAnswer,
});

/** The caller leaves a group chat (its messages stay for the others). */
export const saiGrupoChat = defineCall({
  name: 'saiGrupoChat',
  mode: 'write',
  audience: 'user',
  permission: Permission.chat,
  input: z.object({ idSala: id }),
  output: z.object({ ok: z.literal(true) }),
});

export const anexoChatSchema = z.object({
  /** Name it in a type 2 frame's `idAnexo` to send it (once). */
  idAnexo: z.number().int(),
  idTipoArquivo: z.number().int(),
  nomeArquivo: z.string(),
  tamanhoArquivo: z.number().int(),
  urlArquivo: z.string(),
  urlThumbNail: z.string().nullable(),
});
export type AnexoChat = z.infer<typeof anexoChatSchema>;

/**
 * Uploads a chat attachment (multipart: `idSala`, `flAudio`, `file`; 60 MB): an image, a PDF,
 * any other file, or with `flAudio` S a recorded audio (webm, ogg, mp4, mpeg or wav). The type is
 * told from the bytes. Then send a type 2 frame with its `idAnexo`.
 */
export const enviaAnexoChat = defineCall({
  name: 'enviaAnexoChat',
  mode: 'write',
  audience: 'user',
  permission: Permission.chat,
  multipart: true,
  mediaKind: MediaKind.chat,
  input: z.object({
    /** The room it is for (checked for membership); leave it out for a new group's image. */
    idSala: idTextSchema.optional(),
    flAudio: flagSchema.default('N'),
    file: z.custom<Blob>().optional(),
  }),
  output: z.object({ anexo: anexoChatSchema }),
});
