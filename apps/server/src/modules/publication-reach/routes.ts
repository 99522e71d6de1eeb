import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { PublicationReachService } from './service.ts';

/** Reach and mandatory reading: the single publication and its tabs, views and confirmations. */
export function publicationReachHandlers({ reach }: { reach: PublicationReachService }) {
  return {
    consultaPublicacaoAdmin: (input, context) => reach.getPublication(context.session, input.idPublicacao),
    consultaInteracoesPublicacaoAdmin: (input, context) =>
      reach.listInteractions(context.session, {
        postId: input.idPublicacao,
        tab: input.aba,
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
      }),
    registraVisualizacoes: (input, context) => reach.recordViews(context.session, input.idsMensagens),
    confirmaLeituraPublicacao: (input, context) => reach.confirmReading(context.session, input.idPublicacao),
    consultaLeiturasPendentes: (_input, context) => reach.listPendingReadings(context.session),
  } satisfies Partial<CallHandlers>;
}

/** A tab of a publication as CSV or XLSX. */
export function publicationReachDownloadHandlers({ reach }: { reach: PublicationReachService }) {
  return {
    exportaInteracoesPublicacao: async (input, context) => ({
      fileName: `publicacao-${input.idPublicacao}-${input.aba}`,
      table: await reach.exportInteractions(
        context.session,
        { postId: input.idPublicacao, tab: input.aba },
        context.t,
      ),
    }),
  } satisfies Partial<DownloadHandlers>;
}
