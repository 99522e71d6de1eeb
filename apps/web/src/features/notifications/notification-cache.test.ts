import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Notificacao } from '@elo/contract/calls/notifications';
import { describe, expect, it } from 'vitest';
import { applyStreamEvent, notificationKeys, type NotificationPage } from './notification-cache.ts';

const entry = (id: number, overrides: Partial<Notificacao> = {}): Notificacao => ({
  idNotificacao: id,
  tipo: 'COMENTARIO_POSTAGEM',
  titulo: `Carlos Pereira comentou a sua publicação ${id}`,
  texto: 'Ficou ótimo!',
  link: `/painel/publicacao/${id}`,
  dtCriacao: '2026-11-20T12:00:00.000Z',
  flLida: 'N',
  qtdAgrupadas: 1,
  qtdPessoas: 1,
  nomes: ['Carlos Pereira'],
  ...overrides,
});

function bellWith(pages: Notificacao[][], count: number) {
  const client = new QueryClient();
  client.setQueryData<InfiniteData<NotificationPage, number>>(notificationKeys.list, {
    pageParams: pages.map((_, index) => index + 1),
    pages: pages.map((list, index) => ({
      listNotificacoes: list,
      idPaginaAtual: index + 1,
      qtdRegistrosPorPagina: 2,
      qtdTotalRegistros: count,
      qtdNaoLidas: 0,
    })),
  });
  const shown = () =>
    client
      .getQueryData<InfiniteData<NotificationPage, number>>(notificationKeys.list)!
      .pages.map((page) => page.listNotificacoes.map((item) => [item.idNotificacao, item.qtdAgrupadas]));
  const total = () =>
    client.getQueryData<InfiniteData<NotificationPage, number>>(notificationKeys.list)!.pages[0]!
      .qtdTotalRegistros;
  return { client, shown, total };
}

describe("the bell's cache and the live stream", () => {
  it('moves a grown entry from its place to the top, counted once', () => {
    const bell = bellWith([[entry(5), entry(4)], [entry(3)]], 3);
    applyStreamEvent(bell.client, 'notificacao', {
      qtdNaoLidas: 3,
      notificacao: entry(3, { qtdAgrupadas: 2, qtdPessoas: 2, nomes: ['Ana Rocha', 'Carlos Pereira'] }),
    });
    expect(bell.shown()).toEqual([
      [
        [3, 2],
        [5, 1],
        [4, 1],
      ],
      [],
    ]);
    expect(bell.total()).toBe(3);
    expect(bell.client.getQueryData(notificationKeys.unread)).toBe(3);
  });

  it('puts a new entry on top and counts it', () => {
    const bell = bellWith([[entry(5), entry(4)]], 2);
    applyStreamEvent(bell.client, 'notificacao', { qtdNaoLidas: 3, notificacao: entry(6) });
    expect(bell.shown()).toEqual([
      [
        [6, 1],
        [5, 1],
        [4, 1],
      ],
    ]);
    expect(bell.total()).toBe(3);
  });
});
