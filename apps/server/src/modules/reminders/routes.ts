import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { pagedAnswer, pageQueryOf } from '../../platform/http/wire.ts';
import {
  completeReminder,
  listReminders,
  removeReminder,
  saveReminder,
  snoozeReminder,
} from './own-reminders.ts';
import type { RemindersService } from './service.ts';
import { presentReminder, reminderFormOf } from './wire.ts';

/** The personal reminders' calls: each acts on the caller's own reminders only. */
export function remindersHandlers({ reminders }: { reminders: RemindersService }) {
  return {
    consultaLembretes: async (input, { session }) =>
      pagedAnswer(
        'listLembretes',
        await listReminders(reminders, session, input.situacao, pageQueryOf(input)),
        presentReminder,
      ),
    salvaLembrete: async (input, { session, actor }) => ({
      lembrete: presentReminder(await saveReminder(reminders, session, reminderFormOf(input), actor)),
    }),
    concluiLembrete: async (input, { session, actor }) => ({
      lembrete: presentReminder(await completeReminder(reminders, session, input.idLembrete, actor)),
    }),
    excluiLembrete: async (input, { session, actor }) => {
      await removeReminder(reminders, session, input.idLembrete, actor);
      return { ok: true as const };
    },
    adiaLembrete: async (input, { session, actor }) => ({
      lembrete: presentReminder(
        await snoozeReminder(reminders, session, input.idLembrete, input.minutos, actor),
      ),
    }),
  } satisfies Partial<CallHandlers>;
}
