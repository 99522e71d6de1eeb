import type { InteractionTab } from '@elo/contract/calls/publication-reach';
import { toFlag } from '../../platform/http/wire.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import { presentPublication } from '../publications/wire.ts';
import type { PublicationReach } from './reach.ts';
import type { InteractionRow } from './repo.ts';

/** Each tab's count; only a mandatory reading has people confirmed or pending. */
function presentCounts(tabs: Record<InteractionTab, number>, requiresReading: boolean) {
  return {
    comentarios: tabs.comentarios ?? 0,
    curtir: tabs.curtir ?? 0,
    amei: tabs.amei ?? 0,
    parabens: tabs.parabens ?? 0,
    genial: tabs.genial ?? 0,
    salvos: tabs.salvos ?? 0,
    visualizaram: tabs.visualizaram ?? 0,
    confirmaram: requiresReading ? (tabs.confirmaram ?? 0) : 0,
    pendentes: requiresReading ? (tabs.pendentes ?? 0) : 0,
  };
}

/** The single publication as consultaPublicacaoAdmin answers it: the list's row, its tabs' counts and its reach. */
export function presentPublicationReach({ publication, counts, days, requiresReading }: PublicationReach) {
  const audience = counts.audience ?? 0;
  const viewers = counts.tabs.visualizaram ?? 0;
  return {
    publicacao: presentPublication(publication),
    contagens: presentCounts(counts.tabs, requiresReading),
    // The read rate is the viewers shown over the audience shown (both of the same population), one decimal.
    alcance: {
      qtdPublico: audience,
      qtdVisualizacoesUnicas: viewers,
      qtdReacoes: counts.reactions ?? 0,
      qtdComentarios: counts.visibleComments ?? 0,
      qtdSalvos: counts.tabs.salvos ?? 0,
      taxaLeitura: audience === 0 ? 0 : Math.round((viewers / audience) * 1000) / 10,
      visualizacoesPorDia: days.map((day) => ({ dia: day.day, qtd: day.views })),
    },
  };
}

/** One row of a tab as the wire carries it. */
export function presentInteraction(row: InteractionRow, tab: InteractionTab) {
  return {
    usuario: { idUsuario: row.user_id, nome: row.name, urlFoto: mediaUrl(row.photo), setor: row.sector },
    dtInteracao: row.at === null ? null : new Date(row.at).toISOString(),
    comentario:
      tab === 'comentarios' && row.comment_id !== null
        ? {
            idComentario: row.comment_id,
            texto: row.comment_text ?? '',
            flOculto: toFlag(row.comment_hidden === true),
          }
        : null,
  };
}
