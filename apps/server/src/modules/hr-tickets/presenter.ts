import type { z } from 'zod';
import {
  TicketStatus,
  type Chamado,
  type ChamadoAdmin,
  type ChamadoResumo,
  type mensagemChamadoAdminSchema,
  type mensagemChamadoSchema,
  type TicketStatusValue,
} from '@elo/contract/calls/hr';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { AdminTicketRow, EmployeeTicketRow, MessageRow } from './repo.ts';

type MensagemChamado = z.infer<typeof mensagemChamadoSchema>;
type MensagemChamadoAdmin = z.infer<typeof mensagemChamadoAdminSchema>;

const flag = (value: boolean) => (value ? ('S' as const) : ('N' as const));
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A ticket in its requester's list. */
export function presentTicketSummary(row: EmployeeTicketRow): ChamadoResumo {
  return {
    idChamado: row.id,
    protocolo: row.protocol,
    idAssunto: row.subject_id,
    assunto: row.subject_name,
    status: row.status as TicketStatusValue,
    dtAbertura: iso(row.opened_at),
    dtUltimaMensagem: iso(row.last_message_at),
    flMensagemNaoLida: flag(row.unread),
  };
}

/** Whether the requester may rate: resolved (or closed after a resolution) and not rated yet. */
export function mayRate(row: { status: string; resolved_at: Date | string | null; rating: number | null }) {
  return (
    row.rating === null &&
    row.resolved_at !== null &&
    (row.status === TicketStatus.resolved || row.status === TicketStatus.closed)
  );
}

function presentMessage(row: MessageRow): MensagemChamado {
  return {
    idMensagem: row.id,
    autor:
      row.author_id === null
        ? null
        : { idUsuario: row.author_id, nome: row.author_name ?? '', urlFoto: mediaUrl(row.author_photo) },
    flRh: flag(row.from_hr),
    texto: row.body,
    anexos: (row.attachments ?? []).map((file) => ({
      idAnexo: file.id,
      nome: file.file_name,
      url: mediaUrl(file.storage_key)!,
      tipo: file.content_type,
      tamanho: file.size_bytes,
    })),
    dtEnvio: iso(row.created_at),
  };
}

/** A ticket as its requester sees it: no internal note ever (the repo leaves them out too). */
export function presentTicket(row: EmployeeTicketRow, messages: MessageRow[]): Chamado {
  return {
    ...presentTicketSummary(row),
    mensagens: messages.filter((message) => !message.internal).map(presentMessage),
    flPodeAvaliar: flag(mayRate(row)),
    nota: row.rating,
    comentarioAvaliacao: row.rating_comment,
    dtResolucao: isoOrNull(row.resolved_at),
  };
}

/** A ticket as HR's screens show it. */
export function presentAdminTicket(row: AdminTicketRow): ChamadoAdmin {
  return {
    idChamado: row.id,
    protocolo: row.protocol,
    idAssunto: row.subject_id,
    assunto: row.subject_name,
    flConfidencial: flag(row.confidential),
    status: row.status as TicketStatusValue,
    solicitante: {
      idUsuario: row.requester_id,
      nome: row.requester_name,
      urlFoto: mediaUrl(row.requester_photo),
      email: row.requester_email,
      setor: row.requester_sector,
    },
    responsavel:
      row.assignee_id === null
        ? null
        : {
            idUsuario: row.assignee_id,
            nome: row.assignee_name ?? '',
            urlFoto: mediaUrl(row.assignee_photo),
          },
    dtAbertura: iso(row.opened_at),
    dtUltimaMensagem: iso(row.last_message_at),
    dtPrimeiraResposta: isoOrNull(row.first_response_at),
    dtResolucao: isoOrNull(row.resolved_at),
    dtLimitePrimeiraResposta: isoOrNull(row.first_response_due),
    dtLimiteSolucao: isoOrNull(row.resolution_due),
    flAtrasado: flag(row.overdue),
    flSlaPausado: flag(row.paused_at !== null),
    nota: row.rating,
    comentarioAvaliacao: row.rating_comment,
  };
}

/** A message as HR sees it, internal notes marked. */
export function presentAdminMessage(row: MessageRow): MensagemChamadoAdmin {
  return { ...presentMessage(row), flNotaInterna: flag(row.internal) };
}

/** The fields an audit entry of a ticket compares, in the wire's words. */
export function auditedTicket(row: AdminTicketRow | undefined) {
  if (!row) return null;
  return {
    status: row.status,
    idResponsavel: row.assignee_id,
    dtLimitePrimeiraResposta: isoOrNull(row.first_response_due),
    dtLimiteSolucao: isoOrNull(row.resolution_due),
    nota: row.rating,
  };
}
