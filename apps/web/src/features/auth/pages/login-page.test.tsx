import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Permission } from '@elo/contract/enums';
import { describe, expect, it } from 'vitest';
import { fakeBackend, makeLoggedUser, renderApp } from '#app/test-harness.tsx';

const loginAnswer = { status: 200, body: { data: { ...makeLoggedUser(), tokenChat: 'chat-token-1' } } };

async function signIn(login: string, password: string) {
  const user = userEvent.setup();
  // The login page is a lazy chunk: its first render on a busy machine takes a while.
  await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' }, { timeout: 30_000 });
  await user.type(screen.getByLabelText('Login'), login);
  await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('login page', { timeout: 60_000 }, () => {
  it('signs in, keeps the chat token and goes to the timeline', async () => {
    const fetchMock = fakeBackend({ doLogin: () => loginAnswer });
    renderApp('/');
    await signIn('maria.silva@demo.elo', 'Demo@1234');
    expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    expect(window.localStorage.getItem('tokenChat')).toBe('chat-token-1');
    const loginCall = fetchMock.mock.calls.find(([url]) => url === '/backend/doLogin');
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({
      login: 'maria.silva@demo.elo',
      senha: 'Demo@1234',
    });
    expect(screen.getByRole('button', { name: /Menu do usuário: Maria Silva/ })).toBeInTheDocument();
  });

  it('shows the server message in an alert when the password is wrong', async () => {
    fakeBackend({
      doLogin: () => ({
        status: 401,
        body: { message: 'Login ou senha inválidos.', error_code: 'INVALID_CREDENTIALS' },
      }),
    });
    renderApp('/');
    await signIn('maria.silva@demo.elo', 'errada');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login ou senha inválidos.');
    expect(screen.getByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeInTheDocument();
  });

  it('offers the first access when the server asks for it', async () => {
    fakeBackend({
      doLogin: () => ({
        status: 403,
        body: { message: 'Este é o seu primeiro acesso.', error_code: 'FIRST_ACCESS_REQUIRED' },
      }),
    });
    renderApp('/');
    await signIn('10002', 'Demo@1234');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Este é o seu primeiro acesso.');
    expect(screen.getByRole('link', { name: 'Fazer o primeiro acesso' })).toHaveAttribute(
      'href',
      '/primeiro-acesso-1',
    );
  });

  it('checks the fields with the contract schema before calling the server', async () => {
    const fetchMock = fakeBackend({ doLogin: () => loginAnswer });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Entrar' }));
    expect(await screen.findByLabelText('Login')).toHaveAccessibleDescription(/Campo obrigatório/);
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/backend/doLogin')).toBe(false);
  });

  it('puts the server field errors of a 422 beside the fields', async () => {
    fakeBackend({
      doLogin: () => ({
        status: 422,
        body: { message: 'Ops!', errors: { senha: ['Informe no máximo 200 caracteres'] } },
      }),
    });
    renderApp('/');
    await signIn('maria', 'x');
    expect(await screen.findByText('Informe no máximo 200 caracteres')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
  });

  it('links to first access, both password requests and the languages', async () => {
    fakeBackend({});
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' });
    expect(screen.getByRole('link', { name: 'Primeiro acesso' })).toHaveAttribute(
      'href',
      '/primeiro-acesso-1',
    );
    expect(screen.getByRole('link', { name: /por e-mail/ })).toHaveAttribute(
      'href',
      '/solicitar-senha-email',
    );
    expect(screen.getByRole('link', { name: /matrícula/ })).toHaveAttribute(
      'href',
      '/solicitar-senha-matricula',
    );
    const languages = screen.getByRole('navigation', { name: 'Escolher idioma' });
    expect(languages.querySelectorAll('a')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/lang/en');
    expect(screen.getByRole('link', { name: 'Español' })).toHaveAttribute('href', '/lang/es');
    expect(screen.getByRole('link', { name: 'Português' })).toHaveAttribute('href', '/lang/pt-BR');
  });

  it('after being sent to the login from a private page, signs in and lands on that page', async () => {
    // Someone allowed surveys but not the chat, so nothing else is asked of the server.
    const surveysOnly = makeLoggedUser({ permissoes: [Permission.surveys] });
    fakeBackend({
      doLogin: () => ({ status: 200, body: { data: { ...surveysOnly, tokenChat: 'chat-token-1' } } }),
      consultaPesquisas: () => ({ status: 200, body: { data: { listPesquisas: [] } } }),
    });
    renderApp('/painel/pesquisas?aba=todas');
    await signIn('maria.silva@demo.elo', 'Demo@1234');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pesquisas' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/painel/pesquisas?aba=todas');
  });

  it('never leaves the portal after signing in, whatever the destino says', async () => {
    for (const destino of [
      'https://example.com/painel',
      '//example.com/painel',
      '/\\example.com',
      '/primeiro-acesso-1',
    ]) {
      fakeBackend({ doLogin: () => loginAnswer });
      const view = renderApp(`/?destino=${encodeURIComponent(destino)}`);
      await signIn('maria.silva@demo.elo', 'Demo@1234');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Timeline' }, { timeout: 30_000 }),
      ).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/painel\/timeline$/);
      view.unmount();
    }
  });
});
