import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { PublicationsService } from './service.ts';

/** The administration's publications: list, groups, publish screen, scheduling and deletion. */
export function publicationsHandlers({ publications }: { publications: PublicationsService }) {
  return {
    consultaGruposPublicacaoAdmin: (_input, context) => publications.groups(context.session),
    consultaPublicacoesAdmin: (input, context) =>
      publications.list(
        context.session,
        { status: input.status, search: input.busca || undefined, groupId: input.idGrupo },
        { number: input.idPaginaAtual, size: input.qtdRegistrosPorPagina },
      ),
    salvaPublicacaoAdmin: (input, context) =>
      publications.save(context.session, input, context.files, context.actor),
    reagendaPublicacaoAdmin: (input, context) =>
      publications.reschedule(context.session, input.idPublicacao, input.dtAgendamento, context.actor),
    cancelaAgendamentoPublicacaoAdmin: (input, context) =>
      publications.cancelSchedule(context.session, input.idPublicacao, input.acao, context.actor),
    excluiPublicacaoAdmin: (input, context) =>
      publications.remove(context.session, input.idPublicacao, context.actor),
  } satisfies Partial<CallHandlers>;
}
