import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { RemindersService } from './service.ts';

/** The personal reminders' calls: each acts on the caller's own reminders only. */
export function remindersHandlers({ reminders }: { reminders: RemindersService }) {
  return {
    consultaLembretes: (input, context) =>
      reminders.list(requireSession(context), input.situacao, {
        number: input.idPaginaAtual,
        size: input.qtdRegistrosPorPagina,
      }),
    salvaLembrete: (input, context) => reminders.save(requireSession(context), input, requireActor(context)),
    concluiLembrete: (input, context) =>
      reminders.complete(requireSession(context), input.idLembrete, requireActor(context)),
    excluiLembrete: (input, context) =>
      reminders.remove(requireSession(context), input.idLembrete, requireActor(context)),
    adiaLembrete: (input, context) =>
      reminders.snooze(requireSession(context), input.idLembrete, input.minutos, requireActor(context)),
  } satisfies Partial<CallHandlers>;
}
