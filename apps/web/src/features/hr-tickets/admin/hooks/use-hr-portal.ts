import type { CallInput } from '@elo/contract/define-call';
import type {
  alteraStatusChamadoAdmin,
  atribuiChamadoAdmin,
  consultaChamadosAdmin,
} from '@elo/contract/calls/hr-tickets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { hrTicketKeys } from '#lib/hr-tickets.ts';

export type AdminTicketsQuery = CallInput<typeof consultaChamadosAdmin>;

/** Cache keys of the HR portal (under the shared prefix the notification stream refreshes). */
const keys = {
  list: (query: AdminTicketsQuery) => [...hrTicketKeys.admin, 'list', query] as const,
  one: (idChamado: number) => [...hrTicketKeys.admin, 'one', idChamado] as const,
  responsibles: (idChamado: number | null) => [...hrTicketKeys.admin, 'responsibles', idChamado] as const,
  canned: (idAssunto: number) => [...hrTicketKeys.admin, 'canned', idAssunto] as const,
  subjects: [...hrTicketKeys.admin, 'subjects'] as const,
  report: (mes: string) => [...hrTicketKeys.admin, 'report', mes] as const,
};

/** A page of the tickets this administrator may see, filtered (consultaChamadosAdmin). */
export function useAdminTickets(query: AdminTicketsQuery) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.consultaChamadosAdmin(query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's ticket subjects, for the filter (consultaAssuntosChamado: an administrator is also a person). */
export function useTicketSubjectOptions() {
  return useQuery({
    queryKey: keys.subjects,
    queryFn: ({ signal }) => api.consultaAssuntosChamado({}, { signal }),
    select: (answer) => answer.listAssuntos,
    staleTime: 60_000,
  });
}

/** The administrators a ticket (or, without one, any ticket) can be assigned to (consultaResponsaveisChamadoAdmin). */
export function useTicketResponsibles(idChamado: number | null, enabled = true) {
  return useQuery({
    queryKey: keys.responsibles(idChamado),
    queryFn: ({ signal }) =>
      api.consultaResponsaveisChamadoAdmin(idChamado === null ? {} : { idChamado }, { signal }),
    select: (answer) => answer.listResponsaveis,
    staleTime: 60_000,
    enabled,
  });
}

/** A ticket with every message, internal notes included (consultaChamadoAdmin). */
export function useAdminTicket(idChamado: number | null) {
  return useQuery({
    queryKey: keys.one(idChamado ?? 0),
    queryFn: ({ signal }) => api.consultaChamadoAdmin({ idChamado: idChamado ?? 0 }, { signal }),
    enabled: idChamado !== null,
  });
}

/** The canned answers for a subject and for every subject (consultaRespostasProntasAdmin). */
export function useCannedAnswers(idAssunto: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.canned(idAssunto),
    queryFn: ({ signal }) => api.consultaRespostasProntasAdmin({ idAssunto }, { signal }),
    select: (answer) => answer.listRespostas,
    staleTime: 60_000,
    enabled,
  });
}

/** What HR writes: the text, whether it is an internal note, up to five files. */
export interface AdminReplyDraft {
  mensagem: string;
  flNotaInterna: 'S' | 'N';
  anexos: File[];
}

/** HR answers or writes an internal note (respondeChamadoAdmin, multipart). */
export function useReplyTicket(idChamado: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminReplyDraft) =>
      api.respondeChamadoAdmin({ idChamado, ...input }, { multipart: true }),
    // Not awaited: the form clears as soon as the server took the message, before the thread
    // shows it, so nothing typed after it shows is wiped by the form's late reset.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: hrTicketKeys.admin }),
  });
}

/** Makes an administrator responsible for the ticket (atribuiChamadoAdmin). */
export function useAssignTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof atribuiChamadoAdmin>) => api.atribuiChamadoAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hrTicketKeys.admin }),
  });
}

/** Moves the ticket to another status (alteraStatusChamadoAdmin). */
export function useChangeTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof alteraStatusChamadoAdmin>) => api.alteraStatusChamadoAdmin(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hrTicketKeys.admin }),
  });
}

/** The SLA report of a month, per subject (consultaRelatorioSlaAdmin). */
export function useSlaReport(mes: string) {
  return useQuery({
    queryKey: keys.report(mes),
    queryFn: ({ signal }) => api.consultaRelatorioSlaAdmin({ mes }, { signal }),
    placeholderData: keepPreviousData,
  });
}
