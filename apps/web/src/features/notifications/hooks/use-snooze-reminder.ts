import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api.ts';
import { reminderKeys } from '#lib/reminder-keys.ts';

/** Puts off, from its notification, the reminder it is about (adiaLembrete). */
export function useSnoozeReminderFromBell() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { idLembrete: number; minutos: number }) => api.adiaLembrete(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
  });
}
