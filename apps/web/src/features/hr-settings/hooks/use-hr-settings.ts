import type { CallInput } from '@elo/contract/define-call';
import type {
  salvaAssuntoChamadoAdmin,
  salvaCalendarioRhAdmin,
  salvaFeriadoAdmin,
  salvaRespostaProntaAdmin,
} from '@elo/contract/calls/hr-settings';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { hrTicketKeys } from '#lib/hr-tickets.ts';

/** Cache keys of the HR settings. */
export const hrSettingsKeys = {
  all: ['admin-hr-settings'] as const,
  settings: (ano: number) => ['admin-hr-settings', 'settings', ano] as const,
  canned: ['admin-hr-settings', 'canned'] as const,
};

/**
 * After a change: the settings screen reloads, and so do the HR portal's lists that show subjects
 * and canned answers (the employees' subject list too), which this screen feeds.
 */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: hrSettingsKeys.all }),
    queryClient.invalidateQueries({ queryKey: hrTicketKeys.admin }),
    queryClient.invalidateQueries({ queryKey: hrTicketKeys.employee }),
  ]);
}

/** Subjects with their settings, the calendar and a year's holidays (consultaConfiguracoesRhAdmin). */
export function useHrSettings(ano: number) {
  return useQuery({
    queryKey: hrSettingsKeys.settings(ano),
    queryFn: ({ signal }) => api.consultaConfiguracoesRhAdmin({ ano }, { signal }),
    // Another year's holidays load under the shown ones, not under a spinner.
    placeholderData: keepPreviousData,
  });
}

/** Creates or edits a subject with its confidentiality and SLA targets (salvaAssuntoChamadoAdmin). */
export function useSaveSubject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof salvaAssuntoChamadoAdmin>) => api.salvaAssuntoChamadoAdmin(input),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Saves the working days and hours and the national holidays' switch (salvaCalendarioRhAdmin). */
export function useSaveCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof salvaCalendarioRhAdmin>) => api.salvaCalendarioRhAdmin(input),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Adds one of the company's own holidays (salvaFeriadoAdmin). */
export function useSaveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof salvaFeriadoAdmin>) => api.salvaFeriadoAdmin(input),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Deletes one of the company's own holidays (excluiFeriadoAdmin). */
export function useDeleteHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idFeriado: number) => api.excluiFeriadoAdmin({ idFeriado }),
    onSettled: () => refreshAfterChange(queryClient),
  });
}

/** Every canned answer of the company (consultaRespostasProntasAdmin without a subject). */
export function useCannedAnswers() {
  return useQuery({
    queryKey: hrSettingsKeys.canned,
    queryFn: ({ signal }) => api.consultaRespostasProntasAdmin({}, { signal }),
    select: (answer) => answer.listRespostas,
  });
}

/** Creates or edits a canned answer (salvaRespostaProntaAdmin). */
export function useSaveCannedAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<typeof salvaRespostaProntaAdmin>) => api.salvaRespostaProntaAdmin(input),
    onSuccess: () => refreshAfterChange(queryClient),
  });
}

/** Deletes a canned answer (excluiRespostaProntaAdmin). */
export function useDeleteCannedAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idResposta: number) => api.excluiRespostaProntaAdmin({ idResposta }),
    onSettled: () => refreshAfterChange(queryClient),
  });
}
