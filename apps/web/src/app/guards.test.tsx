import { Permission } from '@elo/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledNames, fakeBackend, makeLoggedUser, ok, renderApp } from './test-harness.tsx';
import { skipsGuards } from './guards.tsx';

const location = () => screen.getByTestId('location').textContent;
const noPermission = 'Você não tem acesso a esta funcionalidade.';

describe('route guards', () => {
  it('loads the user from the server for a private route', async () => {
    const fetchMock = fakeBackend({
      recuperaDadosUsuarioLogado: () => ({ status: 200, body: { data: makeLoggedUser() } }),
    });
    renderApp('/painel/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    // The user first, once; then the page's own content.
    expect(calledNames(fetchMock)[0]).toBe('recuperaDadosUsuarioLogado');
    expect(calledNames(fetchMock).filter((name) => name === 'recuperaDadosUsuarioLogado')).toHaveLength(1);
  });

  it('sends a visitor without a session from a private route to the login page', async () => {
    fakeBackend({});
    renderApp('/painel/timeline');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeInTheDocument();
    // The login page keeps where the user was going.
    expect(location()).toBe('/?destino=%2Fpainel%2Ftimeline');
    // A visitor who never signed in is not told their session expired.
    expect(screen.queryByText('Sessão expirada')).not.toBeInTheDocument();
  });

  it('uses the known user without asking the server again', async () => {
    const fetchMock = fakeBackend({});
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    expect(calledNames(fetchMock)).not.toContain('recuperaDadosUsuarioLogado');
  });

  it('sends a signed-in user from a public route to home', async () => {
    fakeBackend({});
    renderApp('/solicitar-senha-email', { user: makeLoggedUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    expect(location()).toBe('/painel/timeline');
  });

  it('sends a returning user with a valid session from the login page to home', async () => {
    fakeBackend({ recuperaDadosUsuarioLogado: () => ({ status: 200, body: { data: makeLoggedUser() } }) });
    // The server set the session's readable hint beside the httpOnly session cookie.
    document.cookie = 'elo_signed_in=1; path=/';
    try {
      renderApp('/');
      expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    } finally {
      document.cookie = 'elo_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('asks the server nothing on the login page of a visitor, so no call answers 401', async () => {
    const fetchMock = fakeBackend({});
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeInTheDocument();
    expect(calledNames(fetchMock)).toEqual([]);
  });

  it('opens the no-permission modal and goes home for a missing permission', async () => {
    fakeBackend({});
    renderApp('/painel/chat', { user: makeLoggedUser({ permissoes: [Permission.surveys] }) });
    const dialog = await screen.findByRole('dialog', { name: noPermission });
    expect(dialog).toHaveTextContent(
      'Entre em contato com administrador solicite a ativação das Permissões para este recurso',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Timeline', hidden: true })).toBeInTheDocument();
    expect(location()).toBe('/painel/timeline');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('guards every survey route with the survey permission', async () => {
    fakeBackend({});
    renderApp('/painel/pesquisas/respostas/3', { user: makeLoggedUser({ permissoes: [Permission.chat] }) });
    expect(await screen.findByRole('dialog', { name: noPermission })).toBeInTheDocument();
    expect(location()).toBe('/painel/timeline');
  });

  it('lets a user with the permission in', async () => {
    fakeBackend({});
    renderApp('/painel/pesquisas/responder/3/aplicacao/9?editando=S', { user: makeLoggedUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Editar resposta da pesquisa' }),
    ).toBeInTheDocument();
  });

  it('skips the guards when the query has logout, k or token', async () => {
    fakeBackend({});
    renderApp('/painel/chat?token=abc', { user: makeLoggedUser({ permissoes: [] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(skipsGuards({ pathname: '/', search: '?k=1' })).toBe(true);
    expect(skipsGuards({ pathname: '/painel', search: '?logout' })).toBe(true);
    expect(skipsGuards({ pathname: '/logout', search: '' })).toBe(true);
    expect(skipsGuards({ pathname: '/painel', search: '?kk=1' })).toBe(false);
  });

  it('lets only administrators into /admin', async () => {
    fakeBackend({});
    renderApp('/admin', { user: makeLoggedUser({ flAdministrador: false }) });
    expect(await screen.findByRole('dialog', { name: noPermission })).toBeInTheDocument();
    expect(location()).toBe('/painel/timeline');
  });

  it('shows the administration dashboard with its quick access to an administrator', async () => {
    fakeBackend({
      consultaDashboardAdmin: () =>
        ok({
          qtdUsuariosAtivos: 1250,
          qtdAcessos7Dias: 830,
          qtdPostagens: 42,
          qtdComentarios: 317,
          qtdMensagensChat: 5120,
          qtdRespostasPesquisa: 96,
        }),
    });
    renderApp('/admin', { user: makeLoggedUser({ flAdministrador: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const quickAccess = screen.getByRole('region', { name: 'Acesso rápido' });
    for (const name of ['Publicações', 'Grupos', 'Usuários', 'TV corporativa']) {
      expect(within(quickAccess).getByRole('link', { name: new RegExp(name) })).toBeInTheDocument();
    }
    // The company's figures, as the server counts them.
    // The section shows once its figures came (an administrator who reads none never sees it).
    const figures = await screen.findByRole('region', { name: 'Números da empresa' });
    await within(figures).findByText('1.250');
    expect(
      within(figures)
        .getAllByRole('definition')
        .filter((figure) => figure.previousElementSibling?.tagName === 'DT')
        .map((figure) => `${figure.previousSibling?.textContent}: ${figure.textContent}`),
    ).toEqual([
      'Usuários ativos: 1.250',
      'Acessaram nos últimos 7 dias: 830',
      'Publicações: 42',
      'Comentários: 317',
      'Mensagens no chat (30 dias): 5.120',
      'Respostas de pesquisas: 96',
    ]);
    // Issue 29: each figure leads to the page listing what it counts, with the same filter; the
    // comments have no such page.
    expect(within(figures).getByRole('link', { name: 'Ver as publicações' })).toHaveAttribute(
      'href',
      '/admin/publicacoes?status=Publicado',
    );
    expect(within(figures).getByRole('link', { name: 'Ver os usuários ativos' })).toHaveAttribute(
      'href',
      '/admin/usuarios?ativo=S',
    );
    expect(within(figures).queryByRole('link', { name: 'Ver na timeline' })).not.toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Menu da administração' });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Timeline',
      'Publicações',
      'Usuários',
      // Issue 13: the administrators' entry comes after the users'.
      'Administradores',
      'Grupos',
      'Configurações de usuário',
      'Configurações do aplicativo',
      'Portal do RH',
      'Comunicados',
      'Pesquisas',
      // Issue 29: the corporate TV in the sidebar too.
      'TV corporativa',
      // Issue 15: the portal's chat inside the administration.
      'Chat',
      'Auditoria',
    ]);
  });

  it('names the administration page in the breadcrumb after the Dashboard home', async () => {
    fakeBackend({
      consultaGruposAdmin: () =>
        ok({ listGrupos: [], idPaginaAtual: 1, qtdRegistrosPorPagina: 20, qtdTotalRegistros: 0 }),
    });
    renderApp('/admin/grupos', { user: makeLoggedUser({ flAdministrador: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Grupos' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Você está em' });
    expect(within(breadcrumb).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(breadcrumb).getByText('Grupos')).toHaveAttribute('aria-current', 'page');
  });

  it("shows one breadcrumb: a page's longer trail takes the place of the frame's", async () => {
    fakeBackend({});
    renderApp('/admin/grupos/novo', { user: makeLoggedUser({ flAdministrador: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo grupo' })).toBeInTheDocument();
    const [breadcrumb, ...others] = screen.getAllByRole('navigation', { name: 'Você está em' });
    expect(others).toHaveLength(0);
    expect(within(breadcrumb!).getByRole('link', { name: 'Grupos' })).toHaveAttribute(
      'href',
      '/admin/grupos',
    );
    expect(within(breadcrumb!).getByText('Novo grupo')).toHaveAttribute('aria-current', 'page');
  });

  it('goes from /painel to the timeline and shows the user groups, default first', async () => {
    fakeBackend({});
    renderApp('/painel', { user: makeLoggedUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    expect(location()).toBe('/painel/timeline');
    const groups = screen.getByRole('combobox', { name: 'Grupo' });
    expect(
      within(groups)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todos (padrão)', 'Marketing', 'Todos os meus grupos']);
    expect(groups).toHaveValue('10');
  });

  it('leaves through the logout route with "Sessão expirada" when a call finds the session gone', async () => {
    const fetchMock = fakeBackend({ doLogout: () => ({ status: 200, body: { data: { ok: true } } }) });
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await screen.findByRole('heading', { level: 1, name: 'Timeline' });
    const { api } = await import('#lib/api.ts');
    await api.recuperaPermissoesUsuario({}).catch(() => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sessão expirada');
    expect(calledNames(fetchMock)).toContain('doLogout');
  });
});

describe('routes', () => {
  it('redirects /appportal to fale-com-rh keeping only idChamado, which opens that ticket', async () => {
    const asked: unknown[] = [];
    fakeBackend({
      // The ticket is another person's: the page says it cannot be opened.
      consultaChamado: (body) => {
        asked.push(body);
        return { status: 404, body: { message: 'Registro não encontrado', error_code: 'NOT_FOUND' } };
      },
    });
    renderApp('/appportal?idChamado=42&utm=x', { user: makeLoggedUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fale com o RH' })).toBeInTheDocument();
    expect(location()).toBe('/painel/fale-com-rh?idChamado=42');
    expect(await screen.findByText('Não foi possível abrir este chamado')).toBeInTheDocument();
    expect(asked).toEqual([{ idChamado: 42 }]);
  });

  it('stores the language of /lang/{lang} and shows the login page in it', async () => {
    fakeBackend({});
    renderApp('/lang/en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Elo' })).toBeInTheDocument();
    expect(window.localStorage.getItem('@lang')).toBe('en');
    expect(location()).toBe('/');
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('logs out, forgets the chat token and shows the login page', async () => {
    window.localStorage.setItem('tokenChat', 'chat-token');
    const fetchMock = fakeBackend({ doLogout: () => ({ status: 200, body: { data: { ok: true } } }) });
    const { queryClient } = renderApp('/logout', { user: makeLoggedUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeInTheDocument();
    // Once: forgetting the user does not remount the page and end the session a second time.
    expect(calledNames(fetchMock)).toEqual(['doLogout']);
    expect(window.localStorage.getItem('tokenChat')).toBeNull();
    expect(queryClient.getQueryData(['logged-user'])).toBeUndefined();
    expect(screen.queryByText('Sessão expirada')).not.toBeInTheDocument();
  });

  it('opens the access pages to visitors, with a way back to login', async () => {
    fakeBackend({});
    renderApp('/resetarsenha/abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/');
  });

  it('shows the not-found page with a Voltar link home for any other path', async () => {
    fakeBackend({});
    renderApp('/nao/existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/painel/timeline');
  });

  it('applies the company colour once the user is known', async () => {
    fakeBackend({});
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await screen.findByRole('heading', { level: 1, name: 'Timeline' });
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--color-primary-600')).toBe('#0f766e'),
    );
  });
});
