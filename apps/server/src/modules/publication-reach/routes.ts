import { requireSession } from '../../platform/http/bind-call.ts';
import type { CallHandlers, DownloadHandlers } from '../../platform/http/register-calls.ts';
import type { PublicationReachService } from './service.ts';

/** Reach and mandatory reading: the single publication and its tabs, views and confirmations. */
export function publicationReachHandlers({ reach }: { reach: PublicationReachService }) {
  return {
    consultaPublicacaoAdmin: (input, context) =>
      reach.getPublication(requireSession(context), input.idPublicacao),
    consultaInteracoesPublicacaoAdmin: (input, context) =>
      reach.listInteractions(requireSession(context), {
        postId: input.idPublicacao,
        tab: input.aba,
        page: input.idPaginaAtual,
        pageSize: input.qtdRegistrosPorPagina,
      }),
    registraVisualizacoes: (input, context) => reach.recordViews(requireSession(context), input.idsMensagens),
    confirmaLeituraPublicacao: (input, context) =>
      reach.confirmReading(requireSession(context), input.idPublicacao),
    consultaLeiturasPendentes: (_input, context) => reach.listPendingReadings(requireSession(context)),
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
