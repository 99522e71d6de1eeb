import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { RemindersService } from './service.ts';

/** The personal reminders' calls: each acts on the caller's own reminders only. */
export function remindersHandlers({ reminders }: { reminders: RemindersService }) {
  return {
    consultaLembretes: (input, context) =>
      reminders.list(context.session, input.situacao, {
        number: input.idPaginaAtual,
        size: input.qtdRegistrosPorPagina,
      }),
    salvaLembrete: (input, context) => reminders.save(context.session, input, context.actor),
    concluiLembrete: (input, context) => reminders.complete(context.session, input.idLembrete, context.actor),
    excluiLembrete: (input, context) => reminders.remove(context.session, input.idLembrete, context.actor),
    adiaLembrete: (input, context) =>
      reminders.snooze(context.session, input.idLembrete, input.minutos, context.actor),
  } satisfies Partial<CallHandlers>;
}
