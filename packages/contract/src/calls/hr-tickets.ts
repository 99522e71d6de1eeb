import { z } from 'zod';
import { defineCall, defineDownload } from '../define-call.ts';
import { AdminPermission, MediaKind } from '../enums.ts';
import { flagSchema, idSchema, idTextSchema, pageAnswer, pageRequest, required } from '../wire.ts';
import { hrLimits } from './hr-limits.ts';

/**
 * HR contact (issue 16): the employees' tickets with HR ("Fale com o RH"), the administration's
 * HR portal under ADMIN_PORTAL_RH (tickets and the SLA report). The subjects with confidentiality
 * and SLA, the calendar of business hours and holidays and the canned answers are declared in
 * calls/hr-settings.ts (its feature's file), the limits both use in calls/hr-limits.ts.
 */

const employee = { audience: 'user' } as const;
const hrPortal = { audience: 'admin', permission: AdminPermission.hrPortal } as const;

/** The attachments' formats, told by their content. */
export const hrAttachmentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export const TicketStatus = {
  open: 'ABERTO',
  inProgress: 'EM_ANDAMENTO',
  waitingEmployee: 'AGUARDANDO_COLABORADOR',
  resolved: 'RESOLVIDO',
  closed: 'FECHADO',
} as const;
export const ticketStatusSchema = z.enum(
  [
    TicketStatus.open,
    TicketStatus.inProgress,
    TicketStatus.waitingEmployee,
    TicketStatus.resolved,
    TicketStatus.closed,
  ],
  { error: 'validation.ticketStatusInvalid' },
);
export type TicketStatusValue = z.infer<typeof ticketStatusSchema>;

const message = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, required)
  .max(hrLimits.messageMax, { error: 'validation.tooLong' });

/** The multipart field carrying the attachments (repeated, up to five files; they travel as file parts). */
const attachments = z.custom<Blob | Blob[]>().optional();

// ── Tickets, the employee's side ─────────────────────────────────────────────────────────────

export const anexoChamadoSchema = z.object({
  idAnexo: z.number().int(),
  nome: z.string(),
  /** The file's address under /backend/midia/ (only its requester and HR may read it). */
  url: z.string(),
  tipo: z.string(),
  tamanho: z.number().int(),
});

const personSchema = z.object({
  idUsuario: z.number().int(),
  nome: z.string(),
  urlFoto: z.string().nullable(),
});

export const mensagemChamadoSchema = z.object({
  idMensagem: z.number().int(),
  /** Null when the author's account no longer exists. */
  autor: personSchema.nullable(),
  /** Written by HR (S) or by the requester (N). */
  flRh: flagSchema,
  texto: z.string(),
  anexos: z.array(anexoChamadoSchema),
  dtEnvio: z.string(),
});

/** A ticket in the employee's list. */
export const chamadoResumoSchema = z.object({
  idChamado: z.number().int(),
  protocolo: z.string(),
  idAssunto: z.number().int(),
  assunto: z.string(),
  status: ticketStatusSchema,
  dtAbertura: z.string(),
  dtUltimaMensagem: z.string(),
  /** An HR message the person has not read yet. */
  flMensagemNaoLida: flagSchema,
});
export type ChamadoResumo = z.infer<typeof chamadoResumoSchema>;

/** A ticket as its requester sees it: no internal notes, no responsible administrator's notes. */
export const chamadoSchema = chamadoResumoSchema.extend({
  mensagens: z.array(mensagemChamadoSchema),
  /** Resolved and not rated yet. */
  flPodeAvaliar: flagSchema,
  nota: z.number().int().nullable(),
  comentarioAvaliacao: z.string().nullable(),
  dtResolucao: z.string().nullable(),
});
export type Chamado = z.infer<typeof chamadoSchema>;

/** Opens a ticket (multipart): a subject, the first message and up to five attachments. */
export const abreChamado = defineCall({
  name: 'abreChamado',
  mode: 'write',
  ...employee,
  multipart: true,
  maxFiles: hrLimits.attachmentsMax,
  mediaKind: MediaKind.hr,
  input: z.object({ idAssunto: idTextSchema, mensagem: message, anexos: attachments }),
  output: z.object({ idChamado: z.number().int(), protocolo: z.string() }),
});

/** The person's tickets, the latest message first. */
export const consultaChamados = defineCall({
  name: 'consultaChamados',
  mode: 'read',
  ...employee,
  input: z.object({ ...pageRequest(10, 50), status: ticketStatusSchema.optional() }),
  output: z.object({ listChamados: z.array(chamadoResumoSchema), ...pageAnswer }),
});

/** One of the person's tickets with its messages; marks HR's messages read. */
export const consultaChamado = defineCall({
  name: 'consultaChamado',
  mode: 'read',
  ...employee,
  input: z.object({ idChamado: idSchema }),
  output: z.object({ chamado: chamadoSchema }),
});

/**
 * The person writes on their ticket (multipart). A resolved ticket reopens when written within
 * seven days of its resolution; a closed one refuses.
 */
export const enviaMensagemChamado = defineCall({
  name: 'enviaMensagemChamado',
  mode: 'write',
  ...employee,
  multipart: true,
  maxFiles: hrLimits.attachmentsMax,
  mediaKind: MediaKind.hr,
  input: z.object({ idChamado: idTextSchema, mensagem: message, anexos: attachments }),
  output: z.object({ chamado: chamadoSchema }),
});

/** The person rates a resolved ticket, once. */
export const avaliaChamado = defineCall({
  name: 'avaliaChamado',
  mode: 'write',
  ...employee,
  input: z.object({
    idChamado: idSchema,
    nota: z
      .number({ error: 'validation.ratingInvalid' })
      .int({ error: 'validation.ratingInvalid' })
      .min(1, { error: 'validation.ratingInvalid' })
      .max(5, { error: 'validation.ratingInvalid' }),
    comentario: z.string().trim().max(hrLimits.ratingCommentMax, { error: 'validation.tooLong' }).optional(),
  }),
  output: z.object({ chamado: chamadoSchema }),
});

// ── Tickets, the HR portal ───────────────────────────────────────────────────────────────────

export const chamadoAdminSchema = z.object({
  idChamado: z.number().int(),
  protocolo: z.string(),
  idAssunto: z.number().int(),
  assunto: z.string(),
  flConfidencial: flagSchema,
  status: ticketStatusSchema,
  solicitante: personSchema.extend({ email: z.string().nullable(), setor: z.string().nullable() }),
  responsavel: personSchema.nullable(),
  dtAbertura: z.string(),
  dtUltimaMensagem: z.string(),
  dtPrimeiraResposta: z.string().nullable(),
  dtResolucao: z.string().nullable(),
  /** SLA deadlines in business hours (null: the subject has no target). */
  dtLimitePrimeiraResposta: z.string().nullable(),
  dtLimiteSolucao: z.string().nullable(),
  /** A target is breached (or will be: its deadline passed with no answer or solution). */
  flAtrasado: flagSchema,
  /** The clock is paused: waiting for the employee. */
  flSlaPausado: flagSchema,
  nota: z.number().int().nullable(),
  comentarioAvaliacao: z.string().nullable(),
});
export type ChamadoAdmin = z.infer<typeof chamadoAdminSchema>;

export const mensagemChamadoAdminSchema = mensagemChamadoSchema.extend({
  /** An internal note: HR only, never shown to the employee. */
  flNotaInterna: flagSchema,
});

/**
 * The tickets this administrator may see: those of the subjects and of the requesters' groups
 * assigned to them in the administrator form; all of them when nothing is assigned, except
 * confidential subjects, which only their assigned administrators see.
 */
export const consultaChamadosAdmin = defineCall({
  name: 'consultaChamadosAdmin',
  mode: 'read',
  ...hrPortal,
  input: z.object({
    ...pageRequest(),
    status: ticketStatusSchema.optional(),
    idAssunto: idSchema.optional(),
    idResponsavel: idSchema.optional(),
    busca: z.string().trim().max(hrLimits.searchMax, { error: 'validation.tooLong' }).optional(),
    flAtrasado: flagSchema.optional(),
    /** S: only tickets still open (ABERTO, EM_ANDAMENTO, AGUARDANDO_COLABORADOR). */
    flEmAberto: flagSchema.optional(),
  }),
  output: z.object({ listChamados: z.array(chamadoAdminSchema), ...pageAnswer }),
});

/**
 * The HR administrator's work for the administration's home, counted among the tickets they see
 * exactly as `consultaChamadosAdmin` lists them with `flEmAberto` S: open ones, open ones late
 * (`flAtrasado` S) and open ones they are responsible for (`idResponsavel` themselves).
 */
export const consultaResumoRhAdmin = defineCall({
  name: 'consultaResumoRhAdmin',
  mode: 'read',
  ...hrPortal,
  input: z.object({}),
  output: z.object({
    qtdEmAberto: z.number().int(),
    qtdAtrasados: z.number().int(),
    qtdAtribuidosAMim: z.number().int(),
  }),
});

/** A ticket with all its messages, internal notes included; a confidential one's read is audited. */
export const consultaChamadoAdmin = defineCall({
  name: 'consultaChamadoAdmin',
  mode: 'read',
  ...hrPortal,
  input: z.object({ idChamado: idSchema }),
  output: z.object({
    chamado: chamadoAdminSchema,
    mensagens: z.array(mensagemChamadoAdminSchema),
  }),
});

/** HR answers (multipart); `flNotaInterna` S writes an internal note the employee never sees. */
export const respondeChamadoAdmin = defineCall({
  name: 'respondeChamadoAdmin',
  mode: 'write',
  ...hrPortal,
  multipart: true,
  maxFiles: hrLimits.attachmentsMax,
  mediaKind: MediaKind.hr,
  input: z.object({
    idChamado: idTextSchema,
    mensagem: message,
    flNotaInterna: flagSchema.default('N'),
    /** The status the ticket moves to with the answer (a public answer moves ABERTO to EM_ANDAMENTO by itself). */
    status: ticketStatusSchema.optional(),
    anexos: attachments,
  }),
  output: z.object({ chamado: chamadoAdminSchema }),
});

/** Makes an administrator who may see the ticket responsible for it. */
export const atribuiChamadoAdmin = defineCall({
  name: 'atribuiChamadoAdmin',
  mode: 'write',
  ...hrPortal,
  input: z.object({ idChamado: idSchema, idUsuarioResponsavel: idSchema }),
  output: z.object({ chamado: chamadoAdminSchema }),
});

export const alteraStatusChamadoAdmin = defineCall({
  name: 'alteraStatusChamadoAdmin',
  mode: 'write',
  ...hrPortal,
  input: z.object({ idChamado: idSchema, status: ticketStatusSchema }),
  output: z.object({ chamado: chamadoAdminSchema }),
});

/** The administrators a ticket can be assigned to (those with ADMIN_PORTAL_RH who may see it). */
export const consultaResponsaveisChamadoAdmin = defineCall({
  name: 'consultaResponsaveisChamadoAdmin',
  mode: 'read',
  ...hrPortal,
  input: z.object({ idChamado: idSchema.optional() }),
  output: z.object({ listResponsaveis: z.array(personSchema) }),
});

// ── SLA report ───────────────────────────────────────────────────────────────────────────────

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.monthInvalid' });

export const linhaRelatorioSlaSchema = z.object({
  idAssunto: z.number().int(),
  assunto: z.string(),
  qtdChamados: z.number().int(),
  /** Median business minutes to the first response (null: no answered ticket). */
  medianaPrimeiraRespostaMinutos: z.number().nullable(),
  /** Tickets within both targets over tickets with a target, 0 to 100 (null: none with a target). */
  percentualNoSla: z.number().nullable(),
  /** Mean rating, 1 to 5 (null: no rating). */
  satisfacaoMedia: z.number().nullable(),
  qtdAvaliacoes: z.number().int(),
});

/** Per subject, the tickets opened in a month (America/Sao_Paulo) and how they went. */
export const consultaRelatorioSlaAdmin = defineCall({
  name: 'consultaRelatorioSlaAdmin',
  mode: 'read',
  ...hrPortal,
  input: z.object({ mes: month }),
  output: z.object({ mes: z.string(), listLinhas: z.array(linhaRelatorioSlaSchema) }),
});

/** The SLA report as CSV or XLSX: GET /backend/portal-rh/relatorio-sla.csv?mes=2026-11 */
export const exportaRelatorioSla = defineDownload({
  name: 'exportaRelatorioSla',
  path: '/portal-rh/relatorio-sla.:formato',
  input: z.object({ mes: month }),
  audience: 'admin',
  permission: AdminPermission.hrPortal,
  mode: 'read',
  formats: ['csv', 'xlsx'],
});
