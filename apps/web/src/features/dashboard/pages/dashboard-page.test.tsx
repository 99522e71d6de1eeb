import { Permission } from '@elo/contract/enums';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { changeLanguage } from '#lib/i18n/i18n.ts';

const latestPosts = {
  listPostagens: [
    {
      idMensagem: 77,
      idAppTipoMensagem: 1,
      textoPublicacao: 'Feliz aniversário, Carla!',
      backgroundColor: '#ffffff',
      flPermiteComentarios: 'S',
      idYouTube: null,
      dtPublicacao: '2025-03-10T13:30:00.000Z',
      status: 'Publicado',
      flMural: 'N',
      autor: { idUsuario: 30, nome: 'Ana Lima', urlFoto: null, cargo: null, setor: null },
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
    },
  ],
  idPaginaAtual: 1,
  qtdRegistrosPorPagina: 5,
  qtdTotalRegistros: 1,
};

function dashboardUser(permissoes: string[] = Object.values(Permission)) {
  return {
    ...makeLoggedUser({ permissoes }),
    atalhosPermissoes: [
      { permissao: Permission.publishTimeline, atalho: 'Mural da empresa' },
      { permissao: Permission.chat, atalho: 'Conversas' },
      { permissao: Permission.surveys, atalho: 'Pesquisas internas' },
      { permissao: 'PERMISSAO_DESCONHECIDA', atalho: 'Outra coisa' },
    ],
    qtdChamadosComMensagemNaoLida: 2,
  };
}

describe('dashboard', () => {
  it('shows the shortcuts the user holds, each to its page', async () => {
    fakeBackend({});
    renderApp('/painel/dashboard', { user: dashboardUser([Permission.publishTimeline, Permission.surveys]) });
    const shortcuts = await screen.findByRole('region', { name: 'Atalhos' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Mural da empresa', '/painel/timeline'],
      ['Pesquisas internas', '/painel/pesquisas'],
    ]);
  });

  it('names the shortcuts in the page’s language, by the default name where the company gave none (issue 29)', async () => {
    fakeBackend({});
    await changeLanguage('en');
    const user = dashboardUser([Permission.chat, Permission.surveys]);
    renderApp('/painel/dashboard', {
      user: {
        ...user,
        atalhosPermissoes: [
          {
            permissao: Permission.chat,
            atalho: 'Conversas',
            atalhosPorIdioma: { en: 'Messages', es: 'Mensajes' },
          },
          {
            permissao: Permission.surveys,
            atalho: 'Pesquisas internas',
            atalhosPorIdioma: { es: 'Encuestas' },
          },
        ],
      },
    });
    const shortcuts = await screen.findByRole('region', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Messages', 'Pesquisas internas']);
  });

  it('shows the unread counts: chat 0 until chat exists, HR tickets from the user', async () => {
    fakeBackend({});
    renderApp('/painel/dashboard', { user: dashboardUser() });
    const counts = await screen.findByRole('region', { name: 'Pendências' });
    const values = within(counts)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(within(counts).getByRole('link', { name: 'Mensagens não lidas no chat' })).toHaveAttribute(
      'href',
      '/painel/chat',
    );
    expect(
      within(counts).getByRole('link', { name: 'Chamados do RH com mensagem não lida' }),
    ).toHaveAttribute('href', '/painel/fale-rh');
    expect(values).toEqual(['0', '2']);
  });

  it('leaves the chat’s count out for a person the chat is not open to', async () => {
    fakeBackend({});
    renderApp('/painel/dashboard', { user: dashboardUser([Permission.publishTimeline]) });
    const counts = await screen.findByRole('region', { name: 'Pendências' });
    expect(
      within(counts)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/painel/fale-rh']);
  });

  it('lists the latest posts of all groups, each opening the post, and the announcements', async () => {
    const fetchMock = fakeBackend({
      consultaPostagens: () => ok(latestPosts),
      consultaBannersPortal: () =>
        ok({
          listBanners: [
            {
              idBanner: 1,
              urlImagem: '/backend/midia/1/banners/a.png',
              descricao: 'Campanha do agasalho',
              link: null,
              dtInicio: '2025-01-01T00:00:00Z',
              dtFim: '2030-01-01T00:00:00Z',
            },
          ],
        }),
    });
    renderApp('/painel/dashboard', { user: dashboardUser() });
    const latest = await screen.findByRole('region', { name: 'Últimas publicações' });
    expect(await within(latest).findByText('Feliz aniversário, Carla!')).toBeInTheDocument();
    expect(within(latest).getByRole('link', { name: 'Ver publicação de Ana Lima' })).toHaveAttribute(
      'href',
      '/painel/publicacao/77',
    );
    expect(within(latest).getByRole('link', { name: 'Ir para a timeline' })).toHaveAttribute(
      'href',
      '/painel/timeline',
    );
    const request = fetchMock.mock.calls.find(([url]) => url === '/backend/consultaPostagens');
    expect(JSON.parse(String(request?.[1]?.body))).toEqual({
      idPaginaAtual: 1,
      qtdRegistrosPorPagina: 5,
      idsGrupo: [],
      idTipoIgnorar: [],
    });
    const carousel = await screen.findByRole('region', { name: 'Comunicados' });
    expect(within(carousel).getByRole('img', { name: 'Campanha do agasalho' })).toBeInTheDocument();
  });
});
