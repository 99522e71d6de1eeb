import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { pagedAnswer, pageQueryOf } from '../../platform/http/wire.ts';
import { listPublicationGroups, listPublications } from './listing.ts';
import { savePublication } from './publishing.ts';
import { cancelSchedule, removePublication, reschedulePublication } from './scheduling.ts';
import type { PublicationsService } from './service.ts';
import { presentGroup, presentPublication, publicationFilterOf, publicationFormOf } from './wire.ts';

/** The administration's publications: list, groups, publish screen, scheduling and deletion. */
export function publicationsHandlers({ publications }: { publications: PublicationsService }) {
  return {
    consultaGruposPublicacaoAdmin: async (_input, { session }) => ({
      listGrupos: (await listPublicationGroups(publications, session)).map(presentGroup),
    }),
    consultaPublicacoesAdmin: async (input, { session }) =>
      pagedAnswer(
        'listPublicacoes',
        await listPublications(publications, session, publicationFilterOf(input), pageQueryOf(input)),
        presentPublication,
      ),
    salvaPublicacaoAdmin: async (input, { session, files, actor }) => ({
      publicacao: presentPublication(
        await savePublication(publications, session, publicationFormOf(input), files, actor),
      ),
    }),
    reagendaPublicacaoAdmin: async (input, { session, actor }) => ({
      publicacao: presentPublication(
        await reschedulePublication(
          publications,
          session,
          input.idPublicacao,
          new Date(input.dtAgendamento),
          actor,
        ),
      ),
    }),
    cancelaAgendamentoPublicacaoAdmin: async (input, { session, actor }) => {
      const publication = await cancelSchedule(publications, session, input.idPublicacao, input.acao, actor);
      return { publicacao: publication ? presentPublication(publication) : null };
    },
    excluiPublicacaoAdmin: async (input, { session, actor }) => {
      await removePublication(publications, session, input.idPublicacao, actor);
      return { ok: true as const };
    },
  } satisfies Partial<CallHandlers>;
}
