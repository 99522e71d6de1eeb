import { expect } from 'vitest';
import type { Notificacao } from '@elo/contract/calls/notifications';
import type { TestApp } from '../../test/harness.ts';

/** The bell as `consultaNotificacoes` answers it. */
export interface Bell {
  listNotificacoes: Notificacao[];
  qtdTotalRegistros: number;
  qtdNaoLidas: number;
}

/** A page of the bell of the person of the cookie. */
export async function bellOf(t: TestApp, cookie: string, page = 1, size = 50): Promise<Bell> {
  const response = await t.call(
    'consultaNotificacoes',
    { idPaginaAtual: page, qtdRegistrosPorPagina: size },
    { cookie },
  );
  expect(response.statusCode).toBe(200);
  return response.json().data as Bell;
}

/** A text post in a group, with comments open, by the person of the cookie; answers its id. */
export async function publishPostIn(
  t: TestApp,
  cookie: string,
  groupId: number,
  text: string,
): Promise<number> {
  const response = await t.callMultipart('publicaPostagemTimeline', {
    cookie,
    fields: {
      textoPublicacao: text,
      idAppTipoMensagem: '1',
      idsGrupos: String(groupId),
      flPermiteComentarios: 'S',
      flRascunho: 'N',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.postagem.idMensagem as number;
}

/** A comment by the person of the cookie on a post (the post's author is told in the bell). */
export async function commentOn(t: TestApp, cookie: string, postId: number, texto: string): Promise<void> {
  const response = await t.call('insereComentario', { idMensagem: postId, texto }, { cookie });
  expect(response.statusCode, response.body).toBe(200);
}
