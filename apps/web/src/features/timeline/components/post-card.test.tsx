import type { Postagem } from '@elo/contract/calls/timeline';
import { PostType } from '@elo/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  calledNames,
  fakeBackend,
  makeLoggedUser,
  ok,
  renderApp,
  type FakeBackend,
} from '#app/test-harness.tsx';
import { makeComment, makePage, makePost, testGestos } from '../post-fixtures.ts';
import { timelineKeys } from '../timeline-cache.ts';

/** The timeline with these posts on one page, the gestos already known (they come after 3 s). */
async function renderPosts(posts: Postagem[], handlers: FakeBackend = {}) {
  const fetchMock = fakeBackend({
    consultaPostagens: () => ok(makePage(1, posts, posts.length)),
    ...handlers,
  });
  const { queryClient } = renderApp('/painel/timeline', { user: makeLoggedUser() });
  queryClient.setQueryData(timelineKeys.gestos, { listGestos: testGestos });
  await screen.findAllByRole('article');
  return fetchMock;
}

const article = (author = 'Ana Lima') => screen.getByRole('article', { name: `Publicação de ${author}` });

describe('post cards', () => {
  it('shows a text post with its background, author, date in São Paulo time and groups', async () => {
    await renderPosts([makePost(1, { textoPublicacao: 'Bom dia, equipe!', backgroundColor: '#fef3c7' })]);
    const card = article();
    expect(within(card).getByRole('heading', { level: 3, name: 'Ana Lima' })).toBeInTheDocument();
    expect(within(card).getByText('10/03/2025 10:30')).toHaveAttribute(
      'datetime',
      '2025-03-10T13:30:00.000Z',
    );
    expect(within(card).getByText('Em Todos')).toBeInTheDocument();
    const text = within(card).getByText('Bom dia, equipe!');
    expect(text).toHaveStyle({ backgroundColor: '#fef3c7', color: '#0f172a' });
  });

  it('shows an image scaled into the card', async () => {
    await renderPosts([
      makePost(2, {
        idAppTipoMensagem: PostType.image,
        midia: {
          url: '/backend/midia/1/posts/a.png',
          tipo: 'image/png',
          largura: 1920,
          altura: 1080,
          urlThumbnail: null,
        },
      }),
    ]);
    const image = within(article()).getByRole('img', { name: 'Imagem publicada por Ana Lima' });
    expect(image).toHaveAttribute('src', '/backend/midia/1/posts/a.png');
    expect(image).toHaveAttribute('width', '640');
    expect(image).toHaveAttribute('height', '360');
  });

  it('shows a video with controls that loads only its metadata', async () => {
    await renderPosts([
      makePost(3, {
        idAppTipoMensagem: PostType.video,
        midia: {
          url: '/backend/midia/1/posts/v.mp4',
          tipo: 'video/mp4',
          largura: null,
          altura: null,
          urlThumbnail: '/backend/midia/1/posts/v.jpg',
        },
      }),
    ]);
    const video = article().querySelector('video');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('src', '/backend/midia/1/posts/v.mp4');
    expect(video).toHaveAttribute('poster', '/backend/midia/1/posts/v.jpg');
    expect(video).toHaveAccessibleName('Vídeo publicado por Ana Lima');
  });

  it('embeds a YouTube post from youtube-nocookie', async () => {
    await renderPosts([makePost(4, { idAppTipoMensagem: PostType.youtube, idYouTube: 'dQw4w9WgXcQ' })]);
    const frame = within(article()).getByTitle('Vídeo do YouTube publicado por Ana Lima');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    // When the frame cannot load, the video's own page is a link away.
    const link = within(article()).getByRole('link', { name: 'Assistir no YouTube' });
    expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('votes in a poll, shows the results, and lets the vote change', async () => {
    const poll = makePost(5, {
      idAppTipoMensagem: PostType.poll,
      textoPublicacao: 'Onde será a festa?',
      enquete: {
        opcoes: [
          { idOpcao: 51, DS_OPCAO: 'Salão', qtdVotos: 3 },
          { idOpcao: 52, DS_OPCAO: 'Parque', qtdVotos: 1 },
        ],
        qtdTotalVotos: 4,
        idOpcaoVotada: null,
      },
    });
    const votes: unknown[] = [];
    await renderPosts([poll], {
      votaEnquete: (body) => {
        votes.push(body);
        const chosen = (body as { idOpcao: number }).idOpcao;
        return ok({
          enquete: {
            opcoes: [
              { idOpcao: 51, DS_OPCAO: 'Salão', qtdVotos: chosen === 51 ? 4 : 3 },
              { idOpcao: 52, DS_OPCAO: 'Parque', qtdVotos: chosen === 52 ? 2 : 1 },
            ],
            qtdTotalVotos: 5,
            idOpcaoVotada: chosen,
          },
        });
      },
    });
    const user = userEvent.setup();
    const card = article();
    expect(within(card).queryByText(/votos \(/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: 'Parque' }));
    await user.click(within(card).getByRole('button', { name: 'Votar' }));
    expect(await within(card).findByText('2 votos (40%)')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Salão' })).toHaveAccessibleDescription('3 votos (60%)');
    expect(within(card).getByText('5 votos no total')).toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: 'Salão' }));
    await user.click(within(card).getByRole('button', { name: 'Mudar voto' }));
    expect(await within(card).findByText('4 votos (80%)')).toBeInTheDocument();
    expect(votes).toEqual([
      { idMensagem: 5, idOpcao: 52 },
      { idMensagem: 5, idOpcao: 51 },
    ]);
  });

  it('reacts with a gesto, changes it and takes it back', async () => {
    const sent: unknown[] = [];
    await renderPosts([makePost(6, { reacoes: [{ idGesto: 1, qtd: 2 }], qtdReacoes: 2 })], {
      reagePostagem: (body) => {
        sent.push(body);
        const idGesto = (body as { idGesto: number | null }).idGesto;
        const reacoes =
          idGesto === null
            ? [{ idGesto: 1, qtd: 2 }]
            : [
                { idGesto: 1, qtd: 2 },
                { idGesto, qtd: 1 },
              ];
        return ok({ reacoes, qtdReacoes: idGesto === null ? 2 : 3, idGestoUsuario: idGesto });
      },
    });
    const user = userEvent.setup();
    const card = article();
    const reactions = within(card).getByRole('group', { name: 'Reações' });
    // Nobody's own reaction yet: the button offers the first gesto; the summary shows the counts.
    const quick = within(reactions).getByRole('button', { name: 'Curtir' });
    expect(quick).toHaveAttribute('aria-pressed', 'false');
    expect(within(card).getByRole('list', { name: 'Reações escolhidas' })).toHaveTextContent('Curtir:2');

    await user.click(within(reactions).getByRole('button', { name: 'Escolher reação' }));
    const picker = await screen.findByRole('menu');
    expect(
      within(picker)
        .getAllByRole('menuitemradio')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Curtir', 'Amei', 'Parabéns', 'Genial']);
    const love = within(picker).getByRole('menuitemradio', { name: 'Amei' });
    expect(love.querySelector('path')).toHaveAttribute('d', testGestos[1]!.pathSvg);
    await user.click(love);
    // The button now shows the user's own gesto, pressed; choosing it again takes it back.
    const mine = await within(reactions).findByRole('button', { name: 'Amei', pressed: true });
    expect(within(card).getByText('3 reações')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Reações escolhidas' })).toHaveTextContent('Amei:1');
    await user.click(mine);
    await waitFor(() =>
      expect(within(reactions).getByRole('button', { name: 'Curtir' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(within(card).getByText('2 reações')).toBeInTheDocument();
    expect(sent).toEqual([
      { idMensagem: 6, idGesto: 2 },
      { idMensagem: 6, idGesto: null },
    ]);
  });

  it('saves a post and takes it out of the saved list', async () => {
    const sent: unknown[] = [];
    await renderPosts([makePost(7)], {
      salvaPostagem: (body) => {
        sent.push(body);
        return ok({ flSalva: (body as { flSalva: string }).flSalva });
      },
    });
    const user = userEvent.setup();
    const save = within(article()).getByRole('button', { name: 'Salvar publicação' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await user.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-pressed', 'true'));
    await user.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-pressed', 'false'));
    expect(sent).toEqual([
      { idMensagem: 7, flSalva: 'S' },
      { idMensagem: 7, flSalva: 'N' },
    ]);
  });
});

describe('comments', () => {
  const firstPage = Array.from({ length: 10 }, (_, index) => makeComment(100 - index));

  it('shows the first page from the post and loads the next with "Carregar mais comentários"', async () => {
    const post = makePost(8, {
      comentarios: {
        listComentarios: firstPage,
        idPaginaAtual: 1,
        qtdRegistrosPorPagina: 10,
        qtdTotalRegistros: 12,
      },
    });
    const fetchMock = await renderPosts([post], {
      consultaComentarios: () =>
        ok({
          listComentarios: [makeComment(90), makeComment(89)],
          idPaginaAtual: 2,
          qtdRegistrosPorPagina: 10,
          qtdTotalRegistros: 12,
        }),
    });
    const user = userEvent.setup();
    const comments = within(article()).getByRole('region', { name: 'Comentários' });
    expect(within(comments).getAllByRole('listitem')).toHaveLength(10);
    expect(within(comments).getByText('12 comentários')).toBeInTheDocument();
    expect(calledNames(fetchMock)).not.toContain('consultaComentarios');
    await user.click(within(comments).getByRole('button', { name: 'Carregar mais comentários' }));
    expect(await within(comments).findByText('Comentário 89')).toBeInTheDocument();
    expect(within(comments).getAllByRole('listitem')).toHaveLength(12);
    expect(
      within(comments).queryByRole('button', { name: 'Carregar mais comentários' }),
    ).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/backend/consultaComentarios');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      idMensagem: 8,
      idPaginaAtual: 2,
      qtdRegistrosPorPagina: 10,
    });
  });

  it('adds a comment first and deletes the user own', async () => {
    await renderPosts([makePost(9)], {
      insereComentario: (body) =>
        ok({
          comentario: makeComment(300, {
            texto: (body as { texto: string }).texto,
            autor: { idUsuario: 7, nome: 'Maria Silva', urlFoto: null, cargo: null, setor: null },
            flPodeExcluir: 'S',
          }),
        }),
      excluiComentario: () => ok({ ok: true }),
    });
    const user = userEvent.setup();
    const comments = within(article()).getByRole('region', { name: 'Comentários' });
    await user.click(within(comments).getByRole('button', { name: 'Comentar' }));
    expect(within(comments).getByText('Campo obrigatório')).toBeInTheDocument();
    await user.type(within(comments).getByLabelText('Escreva um comentário'), 'Parabéns a todos!');
    await user.click(within(comments).getByRole('button', { name: 'Comentar' }));
    expect(await within(comments).findByText('Parabéns a todos!')).toBeInTheDocument();
    expect(within(comments).getByText('1 comentário')).toBeInTheDocument();
    expect(within(comments).getByLabelText('Escreva um comentário')).toHaveValue('');
    await user.click(within(comments).getByRole('button', { name: 'Excluir comentário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir este comentário?' });
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(within(comments).queryByText('Parabéns a todos!')).not.toBeInTheDocument());
    expect(within(comments).getByText('Nenhum comentário')).toBeInTheDocument();
  });

  it('says so when the post does not accept comments', async () => {
    await renderPosts([makePost(10, { flPermiteComentarios: 'N' })]);
    const comments = within(article()).getByRole('region', { name: 'Comentários' });
    expect(within(comments).getByText('Esta publicação não aceita comentários')).toBeInTheDocument();
    expect(within(comments).queryByLabelText('Escreva um comentário')).not.toBeInTheDocument();
  });
});
