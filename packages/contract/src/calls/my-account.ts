import { z } from 'zod';
import { defineCall, defineDownload } from '../define-call.ts';
import { AdminPermission, MediaKind } from '../enums.ts';
import {
  flagSchema,
  idSchema,
  okSchema,
  pageAnswer,
  pageRequest,
  personSummaryShape,
  tooLong,
} from '../wire.ts';
import { selfEditableFieldSchema } from './catalog.ts';
import { personFields } from './users.ts';
import { peopleLimits } from './people-limits.ts';

/**
 * Each person's own data, "Minha conta" (issue 13): their profile as the company keeps it, the
 * fields the company lets them change, their deletion request, and the download of everything
 * the portal holds about them (LGPD art. 18, declared in `downloads`).
 */

/** The profile as both "Minha conta" and the personal data export show it. */
const profileShape = {
  celular: z.string().nullable(),
  dtNascimento: z.string().nullable(),
  dtAdmissao: z.string().nullable(),
  unidade: z.string().nullable(),
  filial: z.string().nullable(),
  setor: z.string().nullable(),
  cargo: z.string().nullable(),
  textoPerfil: z.string().nullable(),
  urlFoto: z.string().nullable(),
};

/** A deletion request's life: open, cancelled by an administrator, being deleted, deleted. */
export const DeletionRequestStatus = {
  pending: 'PENDENTE',
  cancelled: 'CANCELADA',
  deleting: 'EM_EXCLUSAO',
  deleted: 'EXCLUIDA',
} as const;
export type DeletionRequestStatusValue = (typeof DeletionRequestStatus)[keyof typeof DeletionRequestStatus];
export const deletionRequestStatusSchema = z.enum([
  DeletionRequestStatus.pending,
  DeletionRequestStatus.cancelled,
  DeletionRequestStatus.deleting,
  DeletionRequestStatus.deleted,
]);

export const minhaContaSchema = z.object({
  idUsuario: z.number().int(),
  nome: z.string(),
  email: z.string().nullable(),
  matricula: z.string().nullable(),
  ...profileShape,
  /** What the company lets the person change themselves. */
  camposEditaveis: z.array(selfEditableFieldSchema),
  /**
   * S: the person keeps their birthday and work anniversary off the corporate TV screens. Always
   * theirs to change, whatever the company lets them edit.
   */
  flOcultaComemoracoesTv: flagSchema,
  /** The person's open deletion request, if any. */
  solicitacaoExclusao: z
    .object({
      idSolicitacao: z.number().int(),
      comentario: z.string(),
      dtSolicitacao: z.string(),
      status: deletionRequestStatusSchema,
    })
    .nullable(),
});
export type MinhaConta = z.infer<typeof minhaContaSchema>;

export const consultaMinhaConta = defineCall({
  name: 'consultaMinhaConta',
  mode: 'read',
  audience: 'user',
  input: z.object({}),
  output: z.object({ conta: minhaContaSchema }),
});

/**
 * Changes the person's own profile: only fields the company lets them change (another answers 403
 * FORBIDDEN); a field not sent stays as it is.
 */
export const salvaMinhaConta = defineCall({
  name: 'salvaMinhaConta',
  mode: 'write',
  audience: 'user',
  input: z.object({
    textoPerfil: personFields.textoPerfil.optional(),
    celular: personFields.celular.optional(),
    flOcultaComemoracoesTv: z.enum(['S', 'N'], { error: 'validation.valueInvalid' }).optional(),
  }),
  output: z.object({ conta: minhaContaSchema }),
});

/** The person's own photo (multipart: one `file`, png or jpg/jpeg), when the company lets them. */
export const enviaFotoMinhaConta = defineCall({
  name: 'enviaFotoMinhaConta',
  mode: 'write',
  audience: 'user',
  multipart: true,
  mediaKind: MediaKind.avatars,
  input: z.object({ file: z.custom<Blob>().optional() }),
  output: z.object({ urlFoto: z.string() }),
});

/** Asks the administration to delete the person's account (409 when one is already open). */
export const solicitaExclusaoConta = defineCall({
  name: 'solicitaExclusaoConta',
  mode: 'write',
  audience: 'user',
  input: z.object({
    comentario: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .max(peopleLimits.deletionCommentMax, tooLong),
  }),
  output: z.object({ idSolicitacao: z.number().int(), status: deletionRequestStatusSchema }),
});

/** Withdraws the person's own open request (while no administrator has forced it). */
export const retiraSolicitacaoExclusaoConta = defineCall({
  name: 'retiraSolicitacaoExclusaoConta',
  mode: 'write',
  audience: 'user',
  input: z.object({}),
  output: okSchema,
});

/**
 * Everything the portal holds about the caller (LGPD art. 18, data portability): their profile
 * as the company keeps it (catalogue names), groups, posts, comments, reactions, the chat messages
 * they sent, their answers to surveys that are not anonymous, and their HR tickets. Nothing of
 * anyone else: a comment's post or a message's room is named by id only.
 */
export const meusDadosSchema = z.object({
  dtGeracao: z.string(),
  perfil: z.object({
    idUsuario: z.number().int(),
    nome: z.string(),
    email: z.string().nullable(),
    matricula: z.string().nullable(),
    tipoLogin: z.string(),
    ...profileShape,
    flAtivo: flagSchema,
    flAdministrador: flagSchema,
    dtCadastro: z.string(),
    dtUltimoAcesso: z.string().nullable(),
  }),
  grupos: z.array(
    z.object({
      idGrupo: z.number().int(),
      nome: z.string(),
      flAdministrador: flagSchema,
      flPermitePostar: flagSchema,
    }),
  ),
  publicacoes: z.array(
    z.object({
      idMensagem: z.number().int(),
      texto: z.string().nullable(),
      status: z.string(),
      dtPublicacao: z.string(),
      flExcluida: flagSchema,
    }),
  ),
  comentarios: z.array(
    z.object({
      idComentario: z.number().int(),
      idMensagem: z.number().int(),
      texto: z.string(),
      dtComentario: z.string(),
      flExcluido: flagSchema,
    }),
  ),
  reacoes: z.array(z.object({ idMensagem: z.number().int(), gesto: z.string(), dtReacao: z.string() })),
  mensagensChat: z.array(
    z.object({
      idMensagemChat: z.number().int(),
      idSala: z.number().int(),
      texto: z.string(),
      anexo: z.string().nullable(),
      dtEnvio: z.string(),
      dtEdicao: z.string().nullable(),
      flExcluida: flagSchema,
    }),
  ),
  respostasPesquisas: z.array(
    z.object({
      idPesquisa: z.number().int(),
      tituloPesquisa: z.string(),
      dtInicioResposta: z.string(),
      dtFimResposta: z.string().nullable(),
      respostas: z.array(z.object({ pergunta: z.string(), resposta: z.string() })),
    }),
  ),
  chamadosRH: z.object({ itens: z.array(z.record(z.string(), z.unknown())), observacao: z.string() }),
});
export type MeusDados = z.infer<typeof meusDadosSchema>;

/** The download of everything the portal holds about the caller: one JSON document, by GET. */
export const exportaMeusDados = defineDownload({
  name: 'exportaMeusDados',
  path: '/minha-conta/exportacao.:formato',
  input: z.object({}),
  audience: 'user',
  mode: 'read',
  formats: ['json'],
  document: meusDadosSchema,
});

/** Where the download of everything the portal holds about the caller lives (JSON, GET). */
export const personalDataExportPath = '/backend/minha-conta/exportacao.json';

// The administration's side of deletion requests (ADMIN_USUARIOS): handled by the my-account
// module, which owns the requests and the erasure.

const users = { audience: 'admin', permission: AdminPermission.users } as const;

export const solicitacaoExclusaoSchema = z.object({
  idSolicitacao: z.number().int(),
  usuario: z.object(personSummaryShape),
  comentario: z.string(),
  dtSolicitacao: z.string(),
  status: deletionRequestStatusSchema,
  dtDecisao: z.string().nullable(),
  nomeResponsavel: z.string().nullable(),
});
export type SolicitacaoExclusao = z.infer<typeof solicitacaoExclusaoSchema>;

export const consultaSolicitacoesExclusaoAdmin = defineCall({
  name: 'consultaSolicitacoesExclusaoAdmin',
  mode: 'read',
  ...users,
  input: z.object({ ...pageRequest(), status: deletionRequestStatusSchema.optional() }),
  output: z.object({ listSolicitacoes: z.array(solicitacaoExclusaoSchema), ...pageAnswer }),
});

/** Cancels an open request (409 DELETION_REQUEST_CLOSED when it is no longer open). */
export const cancelaSolicitacaoExclusaoAdmin = defineCall({
  name: 'cancelaSolicitacaoExclusaoAdmin',
  mode: 'write',
  ...users,
  input: z.object({ idSolicitacao: idSchema }),
  output: z.object({ solicitacao: solicitacaoExclusaoSchema }),
});

/**
 * Forces the deletion: the request turns EM_EXCLUSAO, the person's sessions and sockets end and
 * sign-in stops at once, and a job erases their personal data for good and turns it EXCLUIDA.
 */
export const efetivaSolicitacaoExclusaoAdmin = defineCall({
  name: 'efetivaSolicitacaoExclusaoAdmin',
  mode: 'write',
  ...users,
  input: z.object({ idSolicitacao: idSchema }),
  output: z.object({ solicitacao: solicitacaoExclusaoSchema }),
});
