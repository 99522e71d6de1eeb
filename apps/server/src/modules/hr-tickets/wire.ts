import type { z } from 'zod';
import type {
  abreChamado,
  avaliaChamado,
  Chamado,
  ChamadoAdmin,
  ChamadoResumo,
  consultaChamadoAdmin,
  consultaChamadosAdmin,
  consultaRelatorioSlaAdmin,
  enviaMensagemChamado,
  mensagemChamadoAdminSchema,
  mensagemChamadoSchema,
  respondeChamadoAdmin,
  TicketStatusValue,
} from '@elo/contract/calls/hr-tickets';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import {
  fromFlag,
  fromOptionalFlag,
  toFlag,
  toWireDate,
  toWireDateOrNull,
} from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import { mayRate } from './lifecycle.ts';
import type {
  AdminTicket,
  AdminTicketFilter,
  HrWorkSummary,
  EmployeeTicket,
  HrReply,
  HrTicket,
  OwnTicket,
  RequesterMessage,
  SlaReport,
  TicketMessage,
  TicketOpening,
  TicketPerson,
  TicketRating,
} from './ticket.ts';

/*
 * HR tickets at the edge: the calls' input in the domain's words, the domain's tickets in the
 * wire's (flags, ISO dates, media addresses, Portuguese names), and the audit log's snapshots,
 * which record the wire's field names.
 */

type MensagemChamado = z.infer<typeof mensagemChamadoSchema>;
type MensagemChamadoAdmin = z.infer<typeof mensagemChamadoAdminSchema>;

// ── Input ────────────────────────────────────────────────────────────────────────────────────

/** Only the attachments field carries files. */
export const attachmentsOf = (files: UploadedFile[]) => files.filter((file) => file.field === 'anexos');

export const openingOf = (
  input: z.output<typeof abreChamado.input>,
  files: UploadedFile[],
): TicketOpening => ({
  subjectId: input.idAssunto,
  message: input.mensagem,
  files: attachmentsOf(files),
});

export const requesterMessageOf = (
  input: z.output<typeof enviaMensagemChamado.input>,
  files: UploadedFile[],
): RequesterMessage => ({ ticketId: input.idChamado, message: input.mensagem, files: attachmentsOf(files) });

export const ratingOf = (input: z.output<typeof avaliaChamado.input>): TicketRating => ({
  ticketId: input.idChamado,
  score: input.nota,
  comment: input.comentario,
});

export const hrTicketFilterOf = (input: z.output<typeof consultaChamadosAdmin.input>): AdminTicketFilter => ({
  status: input.status,
  subjectId: input.idAssunto,
  assigneeId: input.idResponsavel,
  search: input.busca || undefined,
  overdue: fromOptionalFlag(input.flAtrasado),
  open: fromOptionalFlag(input.flEmAberto),
});

/** The HR administrator's open work as consultaResumoRhAdmin answers it. */
export const presentHrWorkSummary = (summary: HrWorkSummary) => ({
  qtdEmAberto: summary.open,
  qtdAtrasados: summary.late,
  qtdAtribuidosAMim: summary.mine,
});

export const hrReplyOf = (
  input: z.output<typeof respondeChamadoAdmin.input>,
  files: UploadedFile[],
): HrReply => ({
  ticketId: input.idChamado,
  message: input.mensagem,
  internal: fromFlag(input.flNotaInterna),
  status: input.status,
  files: attachmentsOf(files),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────

const presentPerson = (person: TicketPerson) => ({
  idUsuario: person.id,
  nome: person.name,
  urlFoto: mediaUrl(person.photoKey),
});

/** A ticket in its requester's list. */
export function presentTicketSummary(ticket: EmployeeTicket): ChamadoResumo {
  return {
    idChamado: ticket.id,
    protocolo: ticket.protocol,
    idAssunto: ticket.subjectId,
    assunto: ticket.subjectName,
    status: ticket.status,
    dtAbertura: toWireDate(ticket.openedAt),
    dtUltimaMensagem: toWireDate(ticket.lastMessageAt),
    flMensagemNaoLida: toFlag(ticket.unread),
  };
}

function presentMessage(message: TicketMessage): MensagemChamado {
  return {
    idMensagem: message.id,
    autor: message.author === null ? null : presentPerson(message.author),
    flRh: toFlag(message.fromHr),
    texto: message.body,
    anexos: message.attachments.map((file) => ({
      idAnexo: file.id,
      nome: file.fileName,
      url: mediaUrl(file.storageKey)!,
      tipo: file.contentType,
      tamanho: file.sizeBytes,
    })),
    dtEnvio: toWireDate(message.sentAt),
  };
}

/** A ticket as its requester sees it: no internal note ever (the repo leaves them out too). */
export function presentTicket({ ticket, messages }: OwnTicket): Chamado {
  return {
    ...presentTicketSummary(ticket),
    mensagens: messages.filter((message) => !message.internal).map(presentMessage),
    flPodeAvaliar: toFlag(mayRate(ticket)),
    nota: ticket.rating,
    comentarioAvaliacao: ticket.ratingComment,
    dtResolucao: toWireDateOrNull(ticket.resolvedAt),
  };
}

/** A ticket as HR's screens show it. */
export function presentAdminTicket(ticket: AdminTicket): ChamadoAdmin {
  return {
    idChamado: ticket.id,
    protocolo: ticket.protocol,
    idAssunto: ticket.subjectId,
    assunto: ticket.subjectName,
    flConfidencial: toFlag(ticket.confidential),
    status: ticket.status,
    solicitante: {
      ...presentPerson(ticket.requester),
      email: ticket.requester.email,
      setor: ticket.requester.sector,
    },
    responsavel: ticket.assignee === null ? null : presentPerson(ticket.assignee),
    dtAbertura: toWireDate(ticket.openedAt),
    dtUltimaMensagem: toWireDate(ticket.lastMessageAt),
    dtPrimeiraResposta: toWireDateOrNull(ticket.firstResponseAt),
    dtResolucao: toWireDateOrNull(ticket.resolvedAt),
    dtLimitePrimeiraResposta: toWireDateOrNull(ticket.firstResponseDue),
    dtLimiteSolucao: toWireDateOrNull(ticket.resolutionDue),
    flAtrasado: toFlag(ticket.overdue),
    flSlaPausado: toFlag(ticket.pausedAt !== null),
    nota: ticket.rating,
    comentarioAvaliacao: ticket.ratingComment,
  };
}

/** A message as HR sees it, internal notes marked. */
function presentAdminMessage(message: TicketMessage): MensagemChamadoAdmin {
  return { ...presentMessage(message), flNotaInterna: toFlag(message.internal) };
}

/** A ticket with every message, as HR reads it. */
export function presentHrTicket({
  ticket,
  messages,
}: HrTicket): z.output<typeof consultaChamadoAdmin.output> {
  return { chamado: presentAdminTicket(ticket), mensagens: messages.map(presentAdminMessage) };
}

/** Someone a ticket can be given to. */
export const presentResponsible = presentPerson;

export function presentSlaReport(report: SlaReport): z.output<typeof consultaRelatorioSlaAdmin.output> {
  return {
    mes: report.month,
    listLinhas: report.lines.map((line) => ({
      idAssunto: line.subjectId,
      assunto: line.subjectName,
      qtdChamados: line.tickets,
      medianaPrimeiraRespostaMinutos: line.medianFirstResponseMinutes,
      percentualNoSla: line.withinSlaPercent,
      satisfacaoMedia: line.meanRating,
      qtdAvaliacoes: line.ratings,
    })),
  };
}

/**
 * The person's tickets in their data export (LGPD): each as the portal shows it, its messages
 * with who wrote them (HR or the person), their text, their files' names and when.
 */
export function presentTicketsForExport(tickets: OwnTicket[]): Record<string, unknown>[] {
  return tickets.map((own) => {
    const { mensagens, ...ticket } = presentTicket(own);
    return {
      ...ticket,
      mensagens: mensagens.map((message) => ({
        flRh: message.flRh,
        texto: message.texto,
        anexos: message.anexos.map((file) => file.nome),
        dtEnvio: message.dtEnvio,
      })),
    };
  });
}

// ── The audit log's snapshots ────────────────────────────────────────────────────────────────

/** The fields an audit entry of a change by HR compares, in the wire's words. */
export function auditedTicket(ticket: AdminTicket) {
  return {
    status: ticket.status,
    idResponsavel: ticket.assignee?.id ?? null,
    dtLimitePrimeiraResposta: toWireDateOrNull(ticket.firstResponseDue),
    dtLimiteSolucao: toWireDateOrNull(ticket.resolutionDue),
    nota: ticket.rating,
  };
}

/** A ticket as it was opened: its subject, its status and how many files came with it. */
export const auditedOpening = (opening: { subjectId: number; status: TicketStatusValue; files: number }) => ({
  idAssunto: opening.subjectId,
  status: opening.status,
  qtdAnexos: opening.files,
});

export const auditedStatus = (status: TicketStatusValue) => ({ status });

/** The requester's message: the status it left the ticket in and how many files it carried. */
export const auditedMessage = (message: { status: TicketStatusValue; files: number }) => ({
  status: message.status,
  qtdAnexos: message.files,
});

export const auditedRating = (score: number | null) => ({ nota: score });

export const auditedAssignee = (assigneeId: number | null) => ({ idResponsavel: assigneeId });

/** A file of a confidential ticket read by HR: its name. */
export const auditedAttachmentRead = (fileName: string) => ({ anexo: { antes: null, depois: fileName } });
