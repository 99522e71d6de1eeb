import type { Notificacao } from '@elo/contract/calls/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { changeLanguage } from '#lib/i18n/i18n.ts';

function item(id: number, overrides: Partial<Notificacao> = {}): Notificacao {
  return {
    idNotificacao: id,
    tipo: 'COMENTARIO_POSTAGEM',
    titulo: `Carlos Pereira comentou a sua publicação ${id}`,
    texto: 'Ficou ótimo!',
    link: `/painel/publicacao/${id}`,
    dtCriacao: new Date(Date.UTC(2026, 10, 20, 12, 0) - id * 60_000).toISOString(),
    flLida: 'N',
    qtdAgrupadas: 1,
    qtdPessoas: 1,
    nomes: ['Carlos Pereira'],
    ...overrides,
  };
}

/** A server holding these notifications, paging and marking them as the real one does. */
function notificationServer(all: Notificacao[]) {
  const marked: unknown[] = [];
  const pages: number[] = [];
  const unread = () => all.filter((entry) => entry.flLida === 'N').length;
  const backend = fakeBackend({
    consultaNotificacoes: (body) => {
      const { idPaginaAtual = 1, qtdRegistrosPorPagina = 10 } = body as {
        idPaginaAtual?: number;
        qtdRegistrosPorPagina?: number;
      };
      pages.push(idPaginaAtual);
      const start = (idPaginaAtual - 1) * qtdRegistrosPorPagina;
      return ok({
        listNotificacoes: all.slice(start, start + qtdRegistrosPorPagina),
        idPaginaAtual,
        qtdRegistrosPorPagina,
        qtdTotalRegistros: all.length,
        qtdNaoLidas: unread(),
      });
    },
    // The target page of the first test: gone already, which must not end the session.
    consultaPostagem: () => ({ status: 404, body: { message: 'Não encontrado', error_code: 'NOT_FOUND' } }),
    marcaNotificacoesLidas: (body) => {
      marked.push(body);
      const ids = (body as { idsNotificacoes?: number[] }).idsNotificacoes;
      all = all.map((entry) =>
        !ids || ids.includes(entry.idNotificacao) ? { ...entry, flLida: 'S' } : entry,
      );
      return ok({ qtdNaoLidas: unread() });
    },
  });
  return { backend, marked, pages };
}

/** The bell by its name, once the portal layout's chunk has loaded (slow on a busy machine). */
const findBell = (name: string) => screen.findByRole('button', { name }, { timeout: 45_000 });

// Whole-route renders load each layout's chunk first; a busy machine needs more than 5 s.
describe('the notification bell', { timeout: 90_000 }, () => {
  it('names its unread count, marks a chosen item read and opens its target', async () => {
    const server = notificationServer([item(1), item(2), item(3, { flLida: 'S' })]);
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    const bell = await findBell('Notificações (2 não lidas)');
    expect(within(bell).getByText('2')).toBeInTheDocument();

    await userEvent.click(bell);
    const list = await screen.findByRole('dialog', { name: 'Notificações' });
    const first = await within(list).findByRole('button', { name: /comentou a sua publicação 1/ });
    expect(first).toHaveTextContent('Não lida');
    expect(within(list).getByRole('button', { name: /comentou a sua publicação 3/ })).not.toHaveTextContent(
      'Não lida',
    );

    await userEvent.click(first);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/painel/publicacao/1'));
    expect(server.marked).toEqual([{ idsNotificacoes: [1] }]);
    // The header stayed in place through the navigation: the same bell, now with one unread.
    await waitFor(() => expect(bell).toHaveAccessibleName('Notificações (1 não lida)'));
    expect(bell).toBeInTheDocument();
  });

  it("marks all as read with 'Marcar todas como lidas'", async () => {
    const server = notificationServer([item(1), item(2)]);
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await userEvent.click(await findBell('Notificações (2 não lidas)'));
    const list = await screen.findByRole('dialog', { name: 'Notificações' });
    await within(list).findByRole('button', { name: /publicação 2/ });
    await userEvent.click(within(list).getByRole('button', { name: 'Marcar todas como lidas' }));

    expect(await findBell('Notificações')).toBeInTheDocument();
    expect(server.marked).toEqual([{ todas: 'S' }]);
    expect(within(list).queryByText('Não lida')).not.toBeInTheDocument();
  });

  it('loads the next page on demand, and says when there is nothing', async () => {
    const server = notificationServer(Array.from({ length: 12 }, (_, index) => item(index + 1)));
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await userEvent.click(await findBell('Notificações (12 não lidas)'));
    const list = await screen.findByRole('dialog', { name: 'Notificações' });
    await within(list).findByRole('button', { name: /publicação 10 / });
    expect(within(list).queryByRole('button', { name: /publicação 11 / })).not.toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Carregar mais' }));
    expect(await within(list).findByRole('button', { name: /publicação 12 / })).toBeInTheDocument();
    expect(server.pages).toContain(2);
    expect(within(list).queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('names the people of grouped comments, and reads the whole entry with one choice', async () => {
    const grouped = {
      titulo: 'Bruno Lima comentou a sua publicação',
      qtdAgrupadas: 4,
      qtdPessoas: 3,
      nomes: ['Bruno Lima', 'Ana Rocha', 'Carlos Pereira'],
    };
    const two = {
      titulo: 'Ana Rocha comentou a sua publicação',
      qtdPessoas: 2,
      nomes: ['Ana Rocha', 'Carlos'],
    };
    const server = notificationServer([item(1, grouped), item(2, two), item(3, { qtdAgrupadas: 2 })]);
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await userEvent.click(await findBell('Notificações (3 não lidas)'));
    const list = await screen.findByRole('dialog', { name: 'Notificações' });
    const entry = await within(list).findByRole('button', {
      name: /Bruno Lima e mais 2 comentaram sua publicação/,
    });
    expect(
      within(list).getByRole('button', { name: /Ana Rocha e mais 1 comentaram sua publicação/ }),
    ).toBeVisible();
    // One person (who commented twice): the notification's own words.
    expect(within(list).getByRole('button', { name: /comentou a sua publicação 3/ })).toBeVisible();

    await userEvent.click(entry);
    expect(server.marked).toEqual([{ idsNotificacoes: [1] }]);
    expect(await findBell('Notificações (2 não lidas)')).toBeInTheDocument();
  });

  it('names them in English and Spanish too', async () => {
    const grouped = { qtdAgrupadas: 3, qtdPessoas: 3, nomes: ['Bruno Lima', 'Ana Rocha'] };
    notificationServer([item(1, grouped), item(2, { qtdPessoas: 2, nomes: ['Ana Rocha', 'Carlos'] })]);
    await changeLanguage('en');
    const { unmount } = renderApp('/painel/timeline', { user: makeLoggedUser() });
    await userEvent.click(await findBell('Notifications (2 unread)'));
    expect(await screen.findByText('Bruno Lima and 2 others commented on your post')).toBeVisible();
    expect(screen.getByText('Ana Rocha and 1 other commented on your post')).toBeVisible();
    unmount();

    await changeLanguage('es');
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await userEvent.click(await findBell('Notificaciones (2 no leídas)'));
    expect(await screen.findByText('Bruno Lima y 2 más comentaron tu publicación')).toBeVisible();
  });

  it('shows an empty list and a plain name when there are none', async () => {
    notificationServer([]);
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await userEvent.click(await findBell('Notificações'));
    expect(await screen.findByText('Você não tem notificações.')).toBeInTheDocument();
  });
});
