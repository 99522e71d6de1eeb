import { adminPermissionCodes, Permission } from '@elo/contract/enums';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '../test-harness.tsx';

describe('portal layout', () => {
  it('links to the employee areas', async () => {
    fakeBackend({});
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/painel/dashboard',
      '/painel/timeline',
      '/painel/chat',
      '/painel/pesquisas',
      '/painel/fale-rh',
    ]);
    expect(within(nav).getByRole('link', { name: 'Timeline' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows no entry the person’s permissions do not open', async () => {
    fakeBackend({});
    renderApp('/painel/timeline', {
      user: makeLoggedUser({ permissoes: [Permission.publishTimeline] }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/painel/dashboard', '/painel/timeline', '/painel/fale-rh']);
  });

  it('takes the focus to the new page’s heading after a link is followed, not on the first load', async () => {
    fakeBackend({});
    const user = userEvent.setup();
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).not.toHaveFocus();
    await user.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toHaveFocus();
  });

  it('switches the language from the user menu and remembers it', async () => {
    fakeBackend({});
    const user = userEvent.setup();
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await user.click(await screen.findByRole('button', { name: /Menu do usuário/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(window.localStorage.getItem('@lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('signs out from the user menu', async () => {
    const fetchMock = fakeBackend({ doLogout: () => ({ status: 200, body: { data: { ok: true } } }) });
    const user = userEvent.setup();
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await user.click(await screen.findByRole('button', { name: /Menu do usuário/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/backend/doLogout');
  });

  it('offers the administration only to administrators', async () => {
    fakeBackend({});
    const user = userEvent.setup();
    renderApp('/painel/timeline', { user: makeLoggedUser({ flAdministrador: true }) });
    await user.click(await screen.findByRole('button', { name: /Menu do usuário/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Administração' }));
    expect(await screen.findByRole('navigation', { name: 'Menu da administração' })).toBeInTheDocument();
  });

  it('offers no administration to an employee, nor to an administrator without any area', async () => {
    fakeBackend({});
    const user = userEvent.setup();
    for (const person of [
      makeLoggedUser(),
      makeLoggedUser({
        flAdministrador: true,
        permissoesAdmin: adminPermissionCodes.map((permissao) => ({ permissao, status: 'N' as const })),
      }),
    ]) {
      const { unmount } = renderApp('/painel/timeline', { user: person });
      await user.click(await screen.findByRole('button', { name: /Menu do usuário/ }));
      await screen.findByRole('menuitem', { name: 'Sair' });
      expect(screen.queryByRole('menuitem', { name: 'Administração' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('names the chat and the surveys as the company does, in the menu and the page title', async () => {
    fakeBackend({ consultaPesquisas: () => ok({ listPesquisas: [] }) });
    const user = {
      ...makeLoggedUser(),
      atalhosPermissoes: [
        { permissao: Permission.chat, atalho: 'Conversas' },
        { permissao: Permission.surveys, atalho: 'Opine' },
      ],
    };
    renderApp('/painel/pesquisas', { user });
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(within(nav).getByRole('link', { name: /^Conversas/ })).toHaveAttribute('href', '/painel/chat');
    expect(within(nav).getByRole('link', { name: 'Opine' })).toHaveAttribute('href', '/painel/pesquisas');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opine' })).toBeInTheDocument();
  });

  it('names the chat in the chosen language, and by the company’s default name in a language it gave no name (issue 29)', async () => {
    fakeBackend({});
    const user = userEvent.setup();
    renderApp('/painel/timeline', {
      user: {
        ...makeLoggedUser(),
        atalhosPermissoes: [
          { permissao: Permission.chat, atalho: 'Mensagens', atalhosPorIdioma: { en: 'Messages' } },
        ],
      },
    });
    const portuguese = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(within(portuguese).getByRole('link', { name: /^Mensagens/ })).toHaveAttribute(
      'href',
      '/painel/chat',
    );

    await user.click(await screen.findByRole('button', { name: /Menu do usuário/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    const english = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(english).getByRole('link', { name: /^Messages/ })).toHaveAttribute('href', '/painel/chat');
    expect(within(english).queryByRole('link', { name: /^Mensagens/ })).not.toBeInTheDocument();

    // Spanish has no name of its own: the company's default name.
    await user.click(await screen.findByRole('button', { name: /User menu/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Español' }));
    const spanish = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(within(spanish).getByRole('link', { name: /^Mensagens/ })).toHaveAttribute('href', '/painel/chat');
  });
});

describe('the company theme', () => {
  it('applies the company’s shades and text colours, and remembers them with its name for the sign-in page', async () => {
    fakeBackend({});
    const user = makeLoggedUser();
    const company = {
      ...user.empresa,
      nome: 'Outra Indústria',
      corPrincipal: '#0f766e',
      corFontePrimaria: '#1f2937',
      corFonteSecundaria: '#374151',
    };
    renderApp('/painel/timeline', { user: { ...user, empresa: company } });
    await screen.findByRole('navigation', { name: 'Navegação principal' });
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--color-primary-600')).toBe('#0f766e');
    expect(root.getPropertyValue('--color-font-primary')).toBe('#1f2937');
    expect(root.getPropertyValue('--color-font-secondary')).toBe('#374151');
    expect(JSON.parse(window.localStorage.getItem('@empresa')!)).toEqual({
      nome: 'Outra Indústria',
      corPrincipal: '#0f766e',
      corFontePrimaria: '#1f2937',
      corFonteSecundaria: '#374151',
      logo: null,
    });
  });

  it('shows the remembered company on the sign-in page, in its colours', async () => {
    window.localStorage.setItem(
      '@empresa',
      JSON.stringify({
        nome: 'Outra Indústria',
        corPrincipal: '#b91c1c',
        corFontePrimaria: '#111827',
        corFonteSecundaria: '#4b5563',
        logo: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    );
    fakeBackend({});
    renderApp('/');
    expect(await screen.findByRole('img', { name: 'Logotipo de Outra Indústria' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByText('Outra Indústria')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--color-primary-600')).toBe('#b91c1c');
    window.localStorage.removeItem('@empresa');
  });
});
