import type { CallInput } from '@elo/contract/define-call';
import type { consultaAuditoriaAdmin } from '@elo/contract/calls/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api.ts';

/** The filters and page the audit log is asked for. */
export type AuditQuery = CallInput<typeof consultaAuditoriaAdmin>;

/** A page of the company's audit log (consultaAuditoriaAdmin). */
export function useAuditLog(query: AuditQuery) {
  return useQuery({
    queryKey: ['admin-audit', query] as const,
    queryFn: ({ signal }) => api.consultaAuditoriaAdmin(query, { signal }),
    // The rows stay while the next page or filter loads, so the table does not flash.
    placeholderData: keepPreviousData,
  });
}

/**
 * The log's authors whose names hold the words (consultaAutoresAuditoriaAdmin), the chosen one
 * first, for the author filter's picker.
 */
export function useAuditAuthors(busca: string, chosenId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ['admin-audit', 'authors', busca, chosenId] as const,
    queryFn: ({ signal }) =>
      api.consultaAutoresAuditoriaAdmin(
        { busca, ...(chosenId !== null ? { idUsuarioAutor: chosenId } : {}) },
        { signal },
      ),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    select: (answer) => answer.listAutores,
  });
}
