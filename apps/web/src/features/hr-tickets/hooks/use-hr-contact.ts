import type { CallInput } from '@elo/contract/define-call';
import type { avaliaChamado, consultaChamados } from '@elo/contract/calls/hr-tickets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '#lib/api.ts';
import { hrTicketKeys, refreshUnreadTickets } from '#lib/hr-tickets.ts';
import { useKnownLoggedUser } from '#lib/session.ts';

export type MyTicketsQuery = CallInput<typeof consultaChamados>;

/** Cache keys of the employee's HR page (under the shared prefix the notification stream refreshes). */
const keys = {
  subjects: [...hrTicketKeys.employee, 'subjects'] as const,
  list: (query: MyTicketsQuery) => [...hrTicketKeys.employee, 'list', query] as const,
  one: (idChamado: number) => [...hrTicketKeys.employee, 'one', idChamado] as const,
};

/** The company's active subjects, for a new ticket (consultaAssuntosChamado). */
export function useTicketSubjects(enabled = true) {
  return useQuery({
    queryKey: keys.subjects,
    queryFn: ({ signal }) => api.consultaAssuntosChamado({}, { signal }),
    select: (answer) => answer.listAssuntos,
    staleTime: 60_000,
    enabled,
  });
}

/** A page of the person's tickets, the latest message first (consultaChamados). */
export function useMyTickets(query: MyTicketsQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.consultaChamados(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One of the person's tickets (consultaChamado), which marks HR's messages read: once it has
 * come, the navigation's count and the list are asked again, so the mark goes.
 */
export function useMyTicket(idChamado: number | null) {
  const queryClient = useQueryClient();
  const unread = useKnownLoggedUser()?.qtdChamadosComMensagemNaoLida ?? 0;
  const query = useQuery({
    queryKey: keys.one(idChamado ?? 0),
    queryFn: ({ signal }) => api.consultaChamado({ idChamado: idChamado ?? 0 }, { signal }),
    select: (answer) => answer.chamado,
    enabled: idChamado !== null,
  });
  const { dataUpdatedAt } = query;
  useEffect(() => {
    if (dataUpdatedAt === 0) return;
    void queryClient.invalidateQueries({ queryKey: [...hrTicketKeys.employee, 'list'] });
    // Also when the count changes while the ticket is open: an answer's refresh may have been
    // answered before this reading marked it read. A count that stays the same asks no more.
    if (unread > 0) void refreshUnreadTickets(queryClient);
  }, [dataUpdatedAt, unread, queryClient]);
  return query;
}

/** What a new ticket or a reply carries: the text and up to five files. */
export interface TicketMessageDraft {
  mensagem: string;
  anexos: File[];
}

/** Opens a ticket with its first message and attachments (abreChamado, multipart). */
export function useOpenTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketMessageDraft & { idAssunto: number }) =>
      api.abreChamado(
        { idAssunto: input.idAssunto, mensagem: input.mensagem, anexos: input.anexos },
        { multipart: true },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hrTicketKeys.employee }),
  });
}

/** Writes on one of the person's tickets (enviaMensagemChamado, multipart); a resolved one reopens. */
export function useSendTicketMessage(idChamado: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TicketMessageDraft) =>
      api.enviaMensagemChamado(
        { idChamado, mensagem: input.mensagem, anexos: input.anexos },
        { multipart: true },
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(keys.one(idChamado), answer);
      // Not awaited: the form clears with the thread's update, not after the list's refetch, so
      // nothing typed once the message shows is wiped by the form's late reset.
      void queryClient.invalidateQueries({ queryKey: [...hrTicketKeys.employee, 'list'] });
    },
  });
}

/** Rates a resolved ticket, once (avaliaChamado). */
export function useRateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof avaliaChamado>) => api.avaliaChamado(input),
    onSuccess: (answer, input) => queryClient.setQueryData(keys.one(input.idChamado), answer),
  });
}
