import { requireActor, requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { PublicationsService } from './service.ts';

/** The administration's publications: list, groups, publish screen, scheduling and deletion. */
export function publicationsHandlers({ publications }: { publications: PublicationsService }) {
  return {
    consultaGruposPublicacaoAdmin: (_input, context) => publications.groups(requireSession(context)),
    consultaPublicacoesAdmin: (input, context) =>
      publications.list(
        requireSession(context),
        { status: input.status, search: input.busca || undefined, groupId: input.idGrupo },
        { number: input.idPaginaAtual, size: input.qtdRegistrosPorPagina },
      ),
    salvaPublicacaoAdmin: (input, context) =>
      publications.save(requireSession(context), input, context.files, requireActor(context)),
    reagendaPublicacaoAdmin: (input, context) =>
      publications.reschedule(
        requireSession(context),
        input.idPublicacao,
        input.dtAgendamento,
        requireActor(context),
      ),
    cancelaAgendamentoPublicacaoAdmin: (input, context) =>
      publications.cancelSchedule(
        requireSession(context),
        input.idPublicacao,
        input.acao,
        requireActor(context),
      ),
    excluiPublicacaoAdmin: (input, context) =>
      publications.remove(requireSession(context), input.idPublicacao, requireActor(context)),
  } satisfies Partial<CallHandlers>;
}
