import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { MediaKind, Permission, PostType } from '../enums.ts';
import { limits } from '../limits.ts';
import { hasVisibleText } from '../text.ts';
import { flagSchema, idSchema, pageAnswer, pageRequest as wirePageRequest, required } from '../wire.ts';

const id = idSchema;

/** Paging as the spec's lists carry it (pages start at 1). */
const pageRequest = wirePageRequest(limits.pageSize.timeline, 50);

/** Who wrote a post or a comment. */
export const autorSchema = z.object({
  idUsuario: z.number().int(),
  nome: z.string(),
  urlFoto: z.string().nullable(),
  cargo: z.string().nullable(),
  setor: z.string().nullable(),
});

export const comentarioSchema = z.object({
  idComentario: z.number().int(),
  texto: z.string(),
  dtComentario: z.string(),
  autor: autorSchema,
  /** The signed-in user wrote it and may delete it. */
  flPodeExcluir: flagSchema,
});
export type Comentario = z.infer<typeof comentarioSchema>;

/** A post's comments, one page at a time (10 by default). */
export const paginaComentariosSchema = z.object({
  listComentarios: z.array(comentarioSchema),
  ...pageAnswer,
});

export const opcaoEnqueteSchema = z.object({
  idOpcao: z.number().int(),
  DS_OPCAO: z.string(),
  qtdVotos: z.number().int(),
});
export const enqueteSchema = z.object({
  opcoes: z.array(opcaoEnqueteSchema),
  qtdTotalVotos: z.number().int(),
  /** The option the signed-in user chose, if any. */
  idOpcaoVotada: z.number().int().nullable(),
});

export const midiaSchema = z.object({
  url: z.string(),
  tipo: z.string(),
  largura: z.number().int().nullable(),
  altura: z.number().int().nullable(),
  urlThumbnail: z.string().nullable(),
});

export const reacaoSchema = z.object({ idGesto: z.number().int(), qtd: z.number().int() });

/** A timeline post as the portal shows it. */
export const postagemSchema = z.object({
  idMensagem: z.number().int(),
  idAppTipoMensagem: z.number().int(),
  textoPublicacao: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  flPermiteComentarios: flagSchema,
  /** The YouTube video id; the embed address is built from it. */
  idYouTube: z.string().nullable(),
  dtPublicacao: z.string(),
  /** Publicado, Agendado or Rascunho. */
  status: z.enum(['Publicado', 'Agendado', 'Rascunho']),
  flMural: flagSchema,
  autor: autorSchema,
  grupos: z.array(z.object({ idGrupo: z.number().int(), nome: z.string(), sigla: z.string() })),
  midia: midiaSchema.nullable(),
  enquete: enqueteSchema.nullable(),
  reacoes: z.array(reacaoSchema),
  qtdReacoes: z.number().int(),
  idGestoUsuario: z.number().int().nullable(),
  flSalva: flagSchema,
  comentarios: paginaComentariosSchema,
  /** Its content changed after it was published: the card says 'editado'. */
  flEditado: flagSchema,
  /** A mandatory reading: its optional deadline and whether the signed-in user confirmed it. */
  leituraObrigatoria: z.object({ dtLimite: z.string().nullable(), flConfirmada: flagSchema }).nullable(),
});
export type Postagem = z.infer<typeof postagemSchema>;

/** The timeline: newest first, of the given groups (all the user's groups when empty). */
export const consultaPostagens = defineCall({
  name: 'consultaPostagens',
  mode: 'read',
  audience: 'user',
  input: z.object({
    ...pageRequest,
    idsGrupo: z.array(id).max(100).default([]),
    idTipoIgnorar: z.array(id).max(10).default([]),
  }),
  output: z.object({ listPostagens: z.array(postagemSchema), ...pageAnswer }),
});

/** One post (404 when missing or not visible to the user). */
export const consultaPostagem = defineCall({
  name: 'consultaPostagem',
  mode: 'read',
  audience: 'user',
  input: z.object({ idMensagem: id }),
  output: z.object({ postagem: postagemSchema }),
});

/**
 * What a post from the portal's composer may be. Polls and videos are published by the
 * administration (their posts are cards like any other); a poll here would vanish from the
 * portal's feed, which leaves type 7 out. A video is taken as a type so that its refusal speaks
 * of the file, in the spec's words (the service refuses it).
 */
const portalPostTypes = [PostType.text, PostType.video, PostType.image, PostType.youtube] as const;

/**
 * Publishing a post from the portal (multipart: the text fields below and an optional `file`).
 * Multipart fields arrive as text, so numbers and lists are parsed here.
 */
export const publicaPostagemTimeline = defineCall({
  name: 'publicaPostagemTimeline',
  mode: 'write',
  audience: 'user',
  permission: Permission.publishTimeline,
  multipart: true,
  mediaKind: MediaKind.posts,
  input: z.object({
    textoPublicacao: z.string().max(100_000).default(''),
    flPermiteComentarios: flagSchema.default('S'),
    idAppTipoMensagem: z.coerce
      .number()
      .int()
      .refine((value) => (portalPostTypes as readonly number[]).includes(value), {
        error: 'validation.postTypeInvalid',
      }),
    urlYouTube: z.string().trim().max(500).optional(),
    backgroundColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.colorInvalid' })
      .optional(),
    flRascunho: flagSchema.default('N'),
    /** Comma list of group ids, as the spec's form sends it. */
    idsGrupos: z
      .string()
      .min(1, required)
      .transform((value) => value.split(',').map((part) => Number(part.trim())))
      .pipe(
        z
          .array(id, { error: 'validation.groupsInvalid' })
          .min(1, required)
          .max(limits.maxGroupsPerPost, { error: 'validation.tooManyGroups' }),
      ),
    /** The picture: PNG or JPEG only (spec section 5, portal post upload), checked by its content on the server. */
    file: z.custom<Blob>().optional(),
  }),
  output: z.object({ postagem: postagemSchema }),
});

export const consultaComentarios = defineCall({
  name: 'consultaComentarios',
  mode: 'read',
  audience: 'user',
  input: z.object({
    idMensagem: id,
    ...pageRequest,
    qtdRegistrosPorPagina: pageRequest.qtdRegistrosPorPagina.default(limits.pageSize.comments),
  }),
  output: paginaComentariosSchema,
});

export const insereComentario = defineCall({
  name: 'insereComentario',
  mode: 'write',
  audience: 'user',
  input: z.object({
    idMensagem: id,
    // Text made only of invisible characters (zero-width spaces) counts as empty.
    texto: z.string().trim().refine(hasVisibleText, required).max(2000, { error: 'validation.tooLong' }),
  }),
  output: z.object({ comentario: comentarioSchema }),
});

export const excluiComentario = defineCall({
  name: 'excluiComentario',
  mode: 'write',
  audience: 'user',
  input: z.object({ idComentario: id }),
  output: z.object({ ok: z.literal(true) }),
});

/** Reacts to a post with a gesto, changes it, or (null) takes it back. */
export const reagePostagem = defineCall({
  name: 'reagePostagem',
  mode: 'write',
  audience: 'user',
  input: z.object({ idMensagem: id, idGesto: id.nullable() }),
  output: z.object({
    reacoes: z.array(reacaoSchema),
    qtdReacoes: z.number().int(),
    idGestoUsuario: z.number().int().nullable(),
  }),
});

export const salvaPostagem = defineCall({
  name: 'salvaPostagem',
  mode: 'write',
  audience: 'user',
  input: z.object({ idMensagem: id, flSalva: flagSchema }),
  output: z.object({ flSalva: flagSchema }),
});

/** Votes in a poll; voting again changes the vote. */
export const votaEnquete = defineCall({
  name: 'votaEnquete',
  mode: 'write',
  audience: 'user',
  input: z.object({ idMensagem: id, idOpcao: id }),
  output: z.object({ enquete: enqueteSchema }),
});

export const consultaGestos = defineCall({
  name: 'consultaGestos',
  mode: 'read',
  audience: 'user',
  input: z.object({}),
  output: z.object({
    listGestos: z.array(z.object({ idGesto: z.number().int(), codigo: z.string(), pathSvg: z.string() })),
  }),
});
