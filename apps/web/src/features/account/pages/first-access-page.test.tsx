import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledNames, fakeBackend, renderApp } from '#app/test-harness.tsx';

const location = () => screen.getByTestId('location').textContent;
const storedFlow = () => window.sessionStorage.getItem('@primeiroAcesso');

const startAnswer = {
  status: 200,
  body: {
    data: {
      flMatricula: 'S',
      flNumeroCadastrado: 'S',
      tokenJwtProvisorio: 'provisional-token',
      ultimosDigitosCelular: '****',
    },
  },
};

async function fillStep1(values: { login: string; password: string; birthDate: string }) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Primeiro acesso' });
  await user.type(screen.getByLabelText('Login'), values.login);
  await user.type(screen.getByLabelText('Senha provisória'), values.password);
  await user.type(screen.getByLabelText('Data de nascimento'), values.birthDate);
  await user.click(screen.getByRole('button', { name: 'Continuar' }));
  return user;
}

describe('first access, step 1', () => {
  it('opens the provisional token, keeps the flow for this tab and goes to step 2', async () => {
    const fetchMock = fakeBackend({ primeiroAcesso: () => startAnswer });
    renderApp('/primeiro-acesso-1');
    await fillStep1({ login: '10099', password: 'Primeiro@1', birthDate: '20/05/1990' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Primeiro acesso: confirmação do celular' }),
    ).toBeInTheDocument();
    expect(location()).toBe('/primeiro-acesso-2');
    const call = fetchMock.mock.calls.find(([url]) => url === '/backend/primeiroAcesso');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      login: '10099',
      senha: 'Primeiro@1',
      dtNascimento: '1990-05-20',
    });
    expect(JSON.parse(storedFlow() ?? '{}')).toEqual({
      login: '10099',
      senhaProvisoria: 'Primeiro@1',
      tokenJwtProvisorio: 'provisional-token',
      flNumeroCadastrado: 'S',
      dtNascimento: '1990-05-20',
    });
  });

  it('says the data do not match, in an alert, and stays on step 1', async () => {
    fakeBackend({
      primeiroAcesso: () => ({
        status: 401,
        body: {
          message: 'Os dados não conferem. Verifique o login, a senha provisória e a data de nascimento.',
          error_code: 'FIRST_ACCESS_INVALID',
        },
      }),
    });
    renderApp('/primeiro-acesso-1');
    await fillStep1({ login: '10099', password: 'errada', birthDate: '20/05/1990' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Os dados não conferem.');
    expect(location()).toBe('/primeiro-acesso-1');
    expect(storedFlow()).toBeNull();
  });

  it('sends someone whose first access is done to the login page', async () => {
    fakeBackend({
      primeiroAcesso: () => ({
        status: 409,
        body: {
          message: 'O primeiro acesso já foi feito. Entre com a sua senha.',
          error_code: 'FIRST_ACCESS_DONE',
        },
      }),
    });
    renderApp('/primeiro-acesso-1');
    await fillStep1({ login: 'maria.silva@demo.elo', password: 'Demo@1234', birthDate: '02/01/1985' });

    expect(await screen.findByRole('alert')).toHaveTextContent('O primeiro acesso já foi feito.');
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/');
  });

  it('checks the fields before calling the server and focuses the first invalid one', async () => {
    const fetchMock = fakeBackend({ primeiroAcesso: () => startAnswer });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-1');
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));

    const login = screen.getByLabelText('Login');
    expect(login).toHaveAccessibleDescription(/Campo obrigatório/);
    expect(login).toHaveFocus();
    const birthDate = screen.getByLabelText('Data de nascimento');
    expect(birthDate).toHaveAttribute('aria-invalid', 'true');
    // The spec's ##/##/#### mask: digits alone come out as a date in the portal's order.
    await user.type(birthDate, '20051990');
    expect(birthDate).toHaveValue('20/05/1990');
    expect(calledNames(fetchMock)).not.toContain('primeiroAcesso');
  });

  it('forgets a flow left unfinished when a new one starts', async () => {
    window.sessionStorage.setItem('@primeiroAcesso', JSON.stringify({ senhaProvisoria: 'old' }));
    fakeBackend({});
    renderApp('/primeiro-acesso-1');
    await screen.findByRole('heading', { level: 1, name: 'Primeiro acesso' });
    expect(storedFlow()).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/');
  });
});
