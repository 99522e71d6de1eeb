import type { QueryClient } from '@tanstack/react-query';
import { TicketStatus, type Chamado, type TicketStatusValue } from '@elo/contract/calls/hr-tickets';
import { NotificationType, type NotificationTypeValue } from '@elo/contract/enums';
import { i18n } from './i18n/i18n.ts';
import { loggedUserQueryOptions } from './session.ts';

/**
 * What the employee's HR page, the administration's HR portal and the notification stream share
 * about tickets: the cache keys (the stream refreshes them), the statuses' words and marks.
 */
export const hrTicketKeys = {
  /** The employee's side: their tickets, one ticket, the subjects. */
  employee: ['hr-tickets'] as const,
  /** The administration's side: lists, tickets, responsibles, canned answers, report. */
  admin: ['admin-hr-tickets'] as const,
};

/** The statuses in the order a ticket moves through them. */
export const ticketStatuses: readonly TicketStatusValue[] = [
  TicketStatus.open,
  TicketStatus.inProgress,
  TicketStatus.waitingEmployee,
  TicketStatus.resolved,
  TicketStatus.closed,
];

/** A status in the page's language (Aberto, Em andamento, Aguardando colaborador, Resolvido, Fechado). */
export function ticketStatusLabel(status: TicketStatusValue): string {
  return i18n.t(`hrTickets.status.${status}`);
}

const statusClasses: Record<TicketStatusValue, string> = {
  ABERTO: 'border-sky-700 bg-sky-50 text-sky-900',
  EM_ANDAMENTO: 'border-amber-700 bg-amber-50 text-amber-900',
  AGUARDANDO_COLABORADOR: 'border-violet-700 bg-violet-50 text-violet-900',
  RESOLVIDO: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  FECHADO: 'border-slate-500 bg-slate-100 text-slate-800',
};

/** The classes of a status badge: the word says it, the colour only helps. */
export function ticketStatusClassName(status: TicketStatusValue): string {
  // relative: the badge's screen-reader words stay inside it (placed beyond a narrow card otherwise).
  return `relative inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClasses[status]}`;
}

/** The formats a ticket's attachments may be, as the file fields check them. */
export const ticketAttachmentExtensions = ['pdf', 'png', 'jpg', 'jpeg'] as const;

type TicketAttachment = Chamado['mensagens'][number]['anexos'][number];

/** A ticket message's attachments as download links (id, name, address, size), for either side's thread. */
export function ticketAttachmentLinks(attachments: readonly TicketAttachment[]) {
  return attachments.map((file) => ({
    id: file.idAnexo,
    name: file.nome,
    url: file.url,
    size: file.tamanho,
  }));
}

/**
 * Refreshes what a notification says has changed on the server: an HR answer moves the signed-in
 * person's unread-ticket count (kept in the logged user) and their ticket list; an assignment or
 * an SLA warning moves the administration's lists.
 */
export function refreshAfterNotification(client: QueryClient, kind: NotificationTypeValue): void {
  if (kind === NotificationType.hrTicketAnswer) {
    void refreshUnreadTickets(client);
    void client.invalidateQueries({ queryKey: hrTicketKeys.employee });
  }
  if (kind === NotificationType.hrTicketAssigned || kind === NotificationType.hrTicketSla) {
    void client.invalidateQueries({ queryKey: hrTicketKeys.admin });
  }
}

/** Asks the server for the signed-in user again, whose `qtdChamadosComMensagemNaoLida` the navigation shows. */
export async function refreshUnreadTickets(client: QueryClient): Promise<void> {
  // fetchQuery rather than invalidate: the navigation only reads the cache (its query is disabled).
  await client.fetchQuery({ ...loggedUserQueryOptions, staleTime: 0 }).catch(() => undefined);
}
