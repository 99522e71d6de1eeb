import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBackend, firstLoad, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';
import { leavePageFor } from '#lib/leave-page.ts';

vi.mock('#lib/leave-page.ts', () => ({ leavePageFor: vi.fn() }));

const start = 'https://portal.acme.com.br/backend/sso/1/inicio';

async function typeLogin(login: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' }, { timeout: firstLoad });
  await user.type(screen.getByLabelText('Login'), login);
  await user.tab();
  return user;
}

beforeEach(() => vi.mocked(leavePageFor).mockClear());

describe('login page with corporate sign-in', { timeout: 60_000 }, () => {
  it('offers the company account after an e-mail of an SSO domain, and keeps the password form', async () => {
    const fetchMock = fakeBackend({
      consultaSsoLogin: (body) =>
        (body as { login: string }).login.endsWith('@acme.com.br')
          ? ok({ flSso: 'S', flSomenteSso: 'N', urlInicio: start })
          : ok({ flSso: 'N', flSomenteSso: 'N' }),
    });
    renderApp('/');
    await typeLogin('maria@acme.com.br');
    const offer = await screen.findByRole('link', { name: 'Entrar com a conta da empresa' });
    expect(offer).toHaveAttribute('href', start);
    expect(screen.getByLabelText('Senha')).toBeInTheDocument();
    expect(leavePageFor).not.toHaveBeenCalled();
    const asked = fetchMock.mock.calls.find(([url]) => url === '/backend/consultaSsoLogin');
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ login: 'maria@acme.com.br' });
  });

  it('offers nothing for another e-mail or a matricula', async () => {
    const fetchMock = fakeBackend({ consultaSsoLogin: () => ok({ flSso: 'N', flSomenteSso: 'N' }) });
    renderApp('/');
    await typeLogin('10001');
    expect(fetchMock.mock.calls.some(([url]) => url === '/backend/consultaSsoLogin')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Entrar com a conta da empresa' })).toBeNull();
  });

  it('goes straight to the provider when the company signs in only through it', async () => {
    fakeBackend({ consultaSsoLogin: () => ok({ flSso: 'S', flSomenteSso: 'S', urlInicio: start }) });
    renderApp('/');
    await typeLogin('maria@acme.com.br');
    expect(await screen.findByText('Levando você ao login da empresa…')).toHaveAttribute('role', 'status');
    expect(leavePageFor).toHaveBeenCalledWith(start);
  });

  it('keeps the password form for the break-glass administrators (?acesso=senha)', async () => {
    fakeBackend({ consultaSsoLogin: () => ok({ flSso: 'S', flSomenteSso: 'S', urlInicio: start }) });
    renderApp('/?acesso=senha');
    await typeLogin('mestre@acme.com.br');
    expect(await screen.findByRole('link', { name: 'Entrar com a conta da empresa' })).toBeInTheDocument();
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it('says why a sign-in through the provider failed', async () => {
    fakeBackend({});
    renderApp('/?erroSso=SSO_DOMAIN_REFUSED');
    expect(
      await screen.findByText(
        'Esta conta corporativa não pertence à empresa. Fale com o administrador.',
        undefined,
        { timeout: firstLoad },
      ),
    ).toBeInTheDocument();
  });

  it('trades the provider’s one-time code for the session and lands on the timeline', async () => {
    const fetchMock = fakeBackend({
      concluiLoginSso: () => ok({ ...makeLoggedUser(), tokenChat: 'chat-sso' }),
    });
    renderApp('/sso/concluir#codigoSso=codigo-de-uma-vez');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Timeline' }, { timeout: firstLoad }),
    ).toBeInTheDocument();
    const traded = fetchMock.mock.calls.find(([url]) => url === '/backend/concluiLoginSso');
    expect(JSON.parse(String(traded?.[1]?.body))).toEqual({ codigo: 'codigo-de-uma-vez' });
    expect(window.localStorage.getItem('tokenChat')).toBe('chat-sso');
  });

  it('goes to the provider’s sign-out after a single sign-on', async () => {
    fakeBackend({ doLogout: () => ok({ ok: true, urlSaidaIdp: 'https://login.acme.com.br/logout?x=1' }) });
    renderApp('/logout', { user: makeLoggedUser() });
    await vi.waitFor(
      () => expect(leavePageFor).toHaveBeenCalledWith('https://login.acme.com.br/logout?x=1'),
      {
        timeout: firstLoad,
      },
    );
  });
});
