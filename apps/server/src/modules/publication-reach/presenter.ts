import type { InteractionTab } from '@elo/contract/calls/publications';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { InteractionRow } from './repo.ts';

type Counts = Record<string, number>;

/** Each tab's count; only a mandatory reading has people confirmed or pending. */
export function presentCounts(counts: Counts, requiresReading: boolean) {
  return {
    comentarios: counts.comentarios ?? 0,
    curtir: counts.curtir ?? 0,
    amei: counts.amei ?? 0,
    parabens: counts.parabens ?? 0,
    genial: counts.genial ?? 0,
    salvos: counts.salvos ?? 0,
    visualizaram: counts.visualizaram ?? 0,
    confirmaram: requiresReading ? (counts.confirmaram ?? 0) : 0,
    pendentes: requiresReading ? (counts.pendentes ?? 0) : 0,
  };
}

/** The reach figures: the read rate is the audience's unique viewers over its size, one decimal. */
export function presentReach(counts: Counts, days: { dia: string; qtd: number }[]) {
  const audience = counts.publico ?? 0;
  const audienceViewers = counts.visualizaram_publico ?? 0;
  return {
    qtdPublico: audience,
    qtdVisualizacoesUnicas: counts.visualizaram ?? 0,
    qtdReacoes: counts.reacoes ?? 0,
    qtdComentarios: counts.comentarios_visiveis ?? 0,
    qtdSalvos: counts.salvos ?? 0,
    taxaLeitura: audience === 0 ? 0 : Math.round((audienceViewers / audience) * 1000) / 10,
    visualizacoesPorDia: days.map((day) => ({ dia: day.dia, qtd: Number(day.qtd) })),
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
            flOculto: row.comment_hidden ? ('S' as const) : ('N' as const),
          }
        : null,
  };
}
