import type { Comentario, Postagem } from '@elo/contract/calls/timeline';
import { PostType } from '@elo/contract/enums';
import type { PostPage } from './timeline-cache.ts';

/** The four gestos the server seeds, for tests. */
export const testGestos = [
  { idGesto: 1, codigo: 'curtir', pathSvg: 'M2 21h4V9H2v12z' },
  { idGesto: 2, codigo: 'amei', pathSvg: 'M12 21l-1.5-1.3C5 15 2 12 2 8.5' },
  { idGesto: 3, codigo: 'parabens', pathSvg: 'M5 3l2 6H3z' },
  { idGesto: 4, codigo: 'genial', pathSvg: 'M9 21h6v-1H9z' },
];

/** A comment by someone, for tests. */
export function makeComment(id: number, overrides: Partial<Comentario> = {}): Comentario {
  return {
    idComentario: id,
    texto: `Comentário ${id}`,
    dtComentario: '2025-03-10T15:00:00.000Z',
    autor: { idUsuario: 20, nome: 'João Souza', urlFoto: null, cargo: null, setor: null },
    flPodeExcluir: 'N',
    ...overrides,
  };
}

/** A published text post in the default group, for tests. */
export function makePost(id: number, overrides: Partial<Postagem> = {}): Postagem {
  return {
    idMensagem: id,
    idAppTipoMensagem: PostType.text,
    textoPublicacao: `Publicação ${id}`,
    backgroundColor: '#ffffff',
    flPermiteComentarios: 'S',
    idYouTube: null,
    dtPublicacao: '2025-03-10T13:30:00.000Z',
    status: 'Publicado',
    flMural: 'N',
    autor: { idUsuario: 30, nome: 'Ana Lima', urlFoto: null, cargo: 'Analista', setor: null },
    grupos: [{ idGrupo: 10, nome: 'Todos', sigla: 'TDS' }],
    midia: null,
    enquete: null,
    reacoes: [],
    qtdReacoes: 0,
    idGestoUsuario: null,
    flSalva: 'N',
    comentarios: { listComentarios: [], idPaginaAtual: 1, qtdRegistrosPorPagina: 10, qtdTotalRegistros: 0 },
    flEditado: 'N',
    leituraObrigatoria: null,
    ...overrides,
  };
}

/** A page of the timeline holding the given posts. */
export function makePage(page: number, posts: Postagem[], total: number): PostPage {
  return { listPostagens: posts, idPaginaAtual: page, qtdRegistrosPorPagina: 10, qtdTotalRegistros: total };
}

/** Posts numbered from `first`, `count` of them. */
export function makePosts(first: number, count: number): Postagem[] {
  return Array.from({ length: count }, (_, index) => makePost(first + index));
}
