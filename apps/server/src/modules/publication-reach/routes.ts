import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import { pagedAnswer, pageQueryOf } from '../../platform/http/wire.ts';
import { presentPost } from '../timeline/wire.ts';
import {
  confirmReading,
  exportInteractions,
  getPublicationReach,
  listInteractions,
  listPendingReadings,
  recordViews,
} from './reach.ts';
import type { PublicationReachService } from './service.ts';
import { presentInteraction, presentPublicationReach } from './wire.ts';

/** Reach and mandatory reading: the single publication and its tabs, views and confirmations. */
export function publicationReachHandlers({ reach }: { reach: PublicationReachService }) {
  return {
    consultaPublicacaoAdmin: async (input, { session }) =>
      presentPublicationReach(await getPublicationReach(reach, session, input.idPublicacao)),
    consultaInteracoesPublicacaoAdmin: async (input, { session }) =>
      pagedAnswer(
        'listInteracoes',
        await listInteractions(reach, session, {
          postId: input.idPublicacao,
          tab: input.aba,
          page: pageQueryOf(input),
        }),
        (row) => presentInteraction(row, input.aba),
      ),
    registraVisualizacoes: async (input, { session }) => {
      await recordViews(reach, session, input.idsMensagens);
      return { ok: true as const };
    },
    confirmaLeituraPublicacao: async (input, { session }) => {
      await confirmReading(reach, session, input.idPublicacao);
      return { ok: true as const };
    },
    consultaLeiturasPendentes: async (_input, { session }) => ({
      listPostagens: (await listPendingReadings(reach, session)).map(presentPost),
    }),
  } satisfies Partial<CallHandlers>;
}

/** A tab of a publication as CSV or XLSX. */
export function publicationReachDownloadHandlers({ reach }: { reach: PublicationReachService }) {
  return {
    exportaInteracoesPublicacao: async (input, context) => ({
      fileName: `publicacao-${input.idPublicacao}-${input.aba}`,
      table: await exportInteractions(
        reach,
        context.session,
        { postId: input.idPublicacao, tab: input.aba },
        context.t,
      ),
    }),
  } satisfies Partial<DownloadHandlers>;
}
