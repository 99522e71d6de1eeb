import type { CallInput } from '@elo/contract/define-call';
import type { consultaLembretes, SalvaLembreteInput } from '@elo/contract/calls/reminders';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { reminderKeys } from '#lib/reminder-keys.ts';

export type RemindersQuery = CallInput<typeof consultaLembretes>;

/**
 * A page of the caller's reminders (consultaLembretes). Looked at again every minute, so one
 * that fires while the page is open moves from the upcoming to the past.
 */
export function useReminderList(query: RemindersQuery) {
  return useQuery({
    queryKey: reminderKeys.list(query),
    queryFn: ({ signal }) => api.consultaLembretes(query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

function useReminderMutation<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}

/** Creates or edits a reminder (salvaLembrete). */
export const useSaveReminder = () =>
  useReminderMutation((input: SalvaLembreteInput) => api.salvaLembrete(input));

/** Concludes a reminder (concluiLembrete). */
export const useCompleteReminder = () =>
  useReminderMutation((idLembrete: number) => api.concluiLembrete({ idLembrete }));

/** Deletes a reminder (excluiLembrete). */
export const useDeleteReminder = () =>
  useReminderMutation((idLembrete: number) => api.excluiLembrete({ idLembrete }));

/** Puts a reminder off by some minutes from now (adiaLembrete). */
export const useSnoozeReminder = () =>
  useReminderMutation((input: { idLembrete: number; minutos: number }) => api.adiaLembrete(input));
