import type { PostagemAdmin } from '@elo/contract/calls/moderation';
import type { Comentario } from '@elo/contract/calls/timeline';
import { PostType } from '@elo/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, firstLoad, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

const editor = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_PUBLICACOES', status: 'E' }],
});
const reader = makeLoggedUser({
  flAdministrador: true,
  permissoesAdmin: [{ permissao: 'ADMIN_PUBLICACOES', status: 'L' }],
});

function comment(id: number, author: string, texto: string): Comentario {
  return {
    idComentario: id,
    texto,
    dtComentario: '2025-03-10T15:00:00.000Z',
    autor: { idUsuario: 40 + id, nome: author, urlFoto: null, cargo: null, setor: null },
    flPodeExcluir: 'N',
  };
}

function post(id: number, overrides: Partial<PostagemAdmin> = {}): PostagemAdmin {
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
    autor: { idUsuario: 30, nome: `Autor ${id}`, urlFoto: null, cargo: 'Analista', setor: null },
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
    flOculta: 'N',
    comentariosOcultos: [],
    ...overrides,
  };
}

const page = (number: number, posts: PostagemAdmin[], total: number) =>
  ok({ listPostagens: posts, idPaginaAtual: number, qtdRegistrosPorPagina: 10, qtdTotalRegistros: total });

const groups = () =>
  ok({
    listGrupos: [
      { idGrupo: 10, nome: 'Todos', sigla: 'TDS' },
      { idGrupo: 11, nome: 'Marketing', sigla: 'MKT' },
    ],
  });

describe('administration timeline', { timeout: 40_000 }, () => {
  it('filters by group (all groups first, kept in the URL) and marks hidden posts and comments', async () => {
    const asked: { idGrupo?: number }[] = [];
    fakeBackend({
      consultaGruposPublicacaoAdmin: groups,
      consultaTimelineAdmin: (body) => {
        const input = body as { idGrupo?: number };
        asked.push(input);
        if (input.idGrupo === 11)
          return page(1, [post(2, { grupos: [{ idGrupo: 11, nome: 'Marketing', sigla: 'MKT' }] })], 1);
        return page(
          1,
          [
            post(1, {
              flOculta: 'S',
              flMural: 'S',
              comentarios: {
                listComentarios: [comment(5, 'Bia', 'Fora do tema'), comment(6, 'Caio', 'Bom dia')],
                idPaginaAtual: 1,
                qtdRegistrosPorPagina: 10,
                qtdTotalRegistros: 2,
              },
              comentariosOcultos: [5],
            }),
            post(2),
          ],
          2,
        );
      },
    });
    renderApp('/admin/timeline', { user: editor });
    const hiddenPost = await screen.findByRole(
      'article',
      { name: 'Publicação de Autor 1' },
      { timeout: firstLoad },
    );
    expect(within(hiddenPost).getByText('Oculta')).toBeInTheDocument();
    expect(within(hiddenPost).getByText('Em Mural, Todos')).toBeInTheDocument();
    const comments = within(hiddenPost).getByRole('region', { name: 'Comentários da publicação de Autor 1' });
    const hiddenComment = within(comments).getByText('Fora do tema').closest('li')!;
    expect(within(hiddenComment).getByText('Oculto')).toBeInTheDocument();
    const shownComment = within(comments).getByText('Bom dia').closest('li')!;
    expect(within(shownComment).queryByText('Oculto')).not.toBeInTheDocument();
    const shownPost = screen.getByRole('article', { name: 'Publicação de Autor 2' });
    expect(within(shownPost).queryByText('Oculta')).not.toBeInTheDocument();
    expect(asked[0]).not.toHaveProperty('idGrupo');

    const filter = screen.getByRole('combobox', { name: 'Grupo' });
    const options = within(filter).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Todos os grupos', 'Todos', 'Marketing']);
    await userEvent.selectOptions(filter, '11');
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Publicação de Autor 1' })).not.toBeInTheDocument(),
    );
    expect(asked.at(-1)).toMatchObject({ idGrupo: 11, idPaginaAtual: 1 });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/timeline?grupo=11');
  });

  it('loads the next page with the button', async () => {
    const first = Array.from({ length: 10 }, (_, index) => post(index + 1));
    fakeBackend({
      consultaGruposPublicacaoAdmin: groups,
      consultaTimelineAdmin: (body) =>
        (body as { idPaginaAtual: number }).idPaginaAtual === 1
          ? page(1, first, 11)
          : page(2, [post(11)], 11),
    });
    renderApp('/admin/timeline', { user: editor });
    await screen.findByRole('article', { name: 'Publicação de Autor 10' }, { timeout: firstLoad });
    expect(screen.queryByRole('article', { name: 'Publicação de Autor 11' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('article', { name: 'Publicação de Autor 11' })).toBeInTheDocument();
    expect(await screen.findByText('Você chegou ao fim da timeline.')).toBeInTheDocument();
  });

  it('hides a post only with a reason, then shows the server answer', async () => {
    const sent: unknown[] = [];
    let hidden = false;
    fakeBackend({
      consultaGruposPublicacaoAdmin: groups,
      consultaTimelineAdmin: () => page(1, [post(1, { flOculta: hidden ? 'S' : 'N' })], 1),
      moderaPostagemAdmin: (body) => {
        sent.push(body);
        hidden = true;
        return ok({ ok: true });
      },
    });
    renderApp('/admin/timeline', { user: editor });
    const card = await screen.findByRole(
      'article',
      { name: 'Publicação de Autor 1' },
      { timeout: firstLoad },
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Moderar a publicação de Autor 1' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Ocultar' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ocultar publicação' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Ocultar' }));
    expect(await dialog.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(dialog.getByRole('textbox', { name: /Motivo/ }), 'Linguagem ofensiva');
    await userEvent.click(dialog.getByRole('button', { name: 'Ocultar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ idMensagem: 1, acao: 'OCULTAR', motivo: 'Linguagem ofensiva' }]);
    expect(await screen.findByText('Publicação ocultada')).toBeInTheDocument();
    expect(await within(card).findByText('Oculta')).toBeInTheDocument();

    // Shown again: the menu offers it, and the reason is optional.
    await userEvent.click(within(card).getByRole('button', { name: 'Moderar a publicação de Autor 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Exibir novamente' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Ocultar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Exibir novamente' }));
    const again = within(await screen.findByRole('dialog', { name: 'Exibir publicação novamente' }));
    await userEvent.click(again.getByRole('button', { name: 'Exibir novamente' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ idMensagem: 1, acao: 'EXIBIR', motivo: '' });
  });

  it('deletes a comment with a reason; a failure keeps the dialog open with the message', async () => {
    const sent: unknown[] = [];
    let fail = true;
    fakeBackend({
      consultaGruposPublicacaoAdmin: groups,
      consultaTimelineAdmin: () =>
        page(
          1,
          [
            post(1, {
              comentarios: {
                listComentarios: [comment(5, 'Bia', 'Meu CPF é 123')],
                idPaginaAtual: 1,
                qtdRegistrosPorPagina: 10,
                qtdTotalRegistros: 1,
              },
            }),
          ],
          1,
        ),
      moderaComentarioAdmin: (body) => {
        sent.push(body);
        if (fail) {
          fail = false;
          return { status: 404, body: { message: 'Registro não encontrado.', error_code: 'NOT_FOUND' } };
        }
        return ok({ ok: true });
      },
    });
    renderApp('/admin/timeline', { user: editor });
    await screen.findByRole('article', { name: 'Publicação de Autor 1' }, { timeout: firstLoad });
    await userEvent.click(screen.getByRole('button', { name: 'Moderar o comentário de Bia' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Excluir comentário' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Motivo/ }), 'Dados pessoais');
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    expect(await dialog.findByText('Registro não encontrado.')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Motivo/ })).toHaveValue('Dados pessoais');
    await userEvent.click(dialog.getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { idComentario: 5, acao: 'EXCLUIR', motivo: 'Dados pessoais' },
      { idComentario: 5, acao: 'EXCLUIR', motivo: 'Dados pessoais' },
    ]);
    expect(await screen.findByText('Comentário excluído')).toBeInTheDocument();
  });

  it('shows no moderation menu to an administrator who only reads publications', async () => {
    fakeBackend({
      consultaGruposPublicacaoAdmin: groups,
      consultaTimelineAdmin: () =>
        page(
          1,
          [
            post(1, {
              comentarios: {
                listComentarios: [comment(5, 'Bia', 'Olá')],
                idPaginaAtual: 1,
                qtdRegistrosPorPagina: 10,
                qtdTotalRegistros: 1,
              },
            }),
          ],
          1,
        ),
    });
    renderApp('/admin/timeline', { user: reader });
    await screen.findByRole('article', { name: 'Publicação de Autor 1' }, { timeout: firstLoad });
    expect(screen.queryByRole('button', { name: /Moderar/ })).not.toBeInTheDocument();
  });
});

describe('administration home and sidebar', { timeout: 40_000 }, () => {
  it('links the publications figure to the publications out now, and lists the chat', async () => {
    fakeBackend({});
    renderApp('/admin', { user: editor });
    expect(
      await screen.findByRole('link', { name: 'Ver as publicações' }, { timeout: firstLoad }),
    ).toHaveAttribute('href', '/admin/publicacoes?status=Publicado');
    expect(screen.getAllByRole('link', { name: 'Chat' })[0]).toHaveAttribute('href', '/admin/chat');
  });

  it('gives no figure links to an administrator without the publications permission, but the chat', async () => {
    fakeBackend({});
    renderApp('/admin', {
      user: makeLoggedUser({
        flAdministrador: true,
        permissoesAdmin: [{ permissao: 'ADMIN_GRUPOS', status: 'E' }],
      }),
    });
    await screen.findByText('Números da empresa', {}, { timeout: firstLoad });
    expect(screen.queryByRole('link', { name: 'Ver as publicações' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Timeline' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Chat' })[0]).toHaveAttribute('href', '/admin/chat');
  });
});
