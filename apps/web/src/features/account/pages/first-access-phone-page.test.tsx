import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calledNames, fakeBackend, makeLoggedUser, renderApp } from '#app/test-harness.tsx';
import { saveFirstAccessFlow, type FirstAccessFlow } from '../first-access-flow.ts';

const location = () => screen.getByTestId('location').textContent;
const storedFlow = () => window.sessionStorage.getItem('@primeiroAcesso');
const step2Heading = 'Primeiro acesso: confirmação do celular';

function startFlow(overrides: Partial<FirstAccessFlow> = {}) {
  saveFirstAccessFlow({
    login: '10099',
    senhaProvisoria: 'Primeiro@1',
    tokenJwtProvisorio: 'provisional-token',
    flNumeroCadastrado: 'S',
    dtNascimento: '1990-05-20',
    ...overrides,
  });
}

const ok = (data: unknown) => ({ status: 200, body: { data } });
const codeSent = ok({ flCodigoEnviado: 'S', celularMascarado: '(11) *****-4321' });
const signedIn = ok({ ...makeLoggedUser(), tokenChat: 'chat-token-9' });
const bodyOf = (fetchMock: ReturnType<typeof fakeBackend>, name: string, index = 0): unknown => {
  const calls = fetchMock.mock.calls.filter(([url]) => url === `/backend/${name}`);
  return JSON.parse(String(calls[index]?.[1]?.body));
};

async function confirmDigits(user: ReturnType<typeof userEvent.setup>, digits: string) {
  await screen.findByRole('heading', { level: 2, name: 'Confirme o seu celular' });
  await user.type(screen.getByLabelText('Últimos 4 dígitos do celular'), digits);
  await user.click(screen.getByRole('button', { name: 'Confirmar' }));
}

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  const field = await screen.findByLabelText('Código recebido por SMS');
  await user.type(field, code);
  await user.click(screen.getByRole('button', { name: 'Validar código' }));
}

async function choosePassword(user: ReturnType<typeof userEvent.setup>, password: string, again = password) {
  await user.type(await screen.findByLabelText('Nova senha'), password);
  await user.type(screen.getByLabelText('Confirme a nova senha'), again);
  await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
}

describe('first access, step 2', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a visitor without step 1 back to it, saying why', async () => {
    fakeBackend({});
    renderApp('/primeiro-acesso-2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Primeiro acesso' })).toBeInTheDocument();
    expect(location()).toBe('/primeiro-acesso-1');
    expect(
      screen.getByText('Para continuar o primeiro acesso, informe os seus dados novamente.'),
    ).toBeInTheDocument();
  });

  it('with a mobile on file: confirms its digits, checks the code, sets the password and signs in', async () => {
    startFlow();
    const fetchMock = fakeBackend({
      confirmaNumeroTelefoneDeslogado: () => codeSent,
      validaCodigoSms: () => ok({ flValido: 'S' }),
      alteraSenhaEFazLogin: () => signedIn,
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    expect(await screen.findByRole('heading', { level: 1, name: step2Heading })).toBeInTheDocument();

    await confirmDigits(user, '4321');
    expect(await screen.findByText('Enviamos um código por SMS para (11) *****-4321.')).toBeInTheDocument();
    const codeField = screen.getByLabelText('Código recebido por SMS');
    expect(codeField).toHaveFocus();
    expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField).toHaveAttribute('inputmode', 'numeric');

    await typeCode(user, '123456');
    await choosePassword(user, 'Girassol#2024');

    expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    expect(location()).toBe('/painel/timeline');
    expect(window.localStorage.getItem('tokenChat')).toBe('chat-token-9');
    expect(storedFlow()).toBeNull();
    expect(calledNames(fetchMock)).toEqual(
      expect.arrayContaining(['confirmaNumeroTelefoneDeslogado', 'validaCodigoSms', 'alteraSenhaEFazLogin']),
    );
    expect(bodyOf(fetchMock, 'confirmaNumeroTelefoneDeslogado')).toEqual({
      codigoJwtProvisorio: 'provisional-token',
      ultimosDigitosCelular: '4321',
    });
    expect(bodyOf(fetchMock, 'validaCodigoSms')).toEqual({ codigoSms: '123456', login: '10099' });
    expect(bodyOf(fetchMock, 'alteraSenhaEFazLogin')).toEqual({
      loginUsuario: '10099',
      senhaAntiga: 'Primeiro@1',
      senhaNova: 'Girassol#2024',
      codigoSms: '123456',
    });
  });

  it('shows wrong digits beside the field', async () => {
    startFlow();
    fakeBackend({
      confirmaNumeroTelefoneDeslogado: () => ({
        status: 422,
        body: {
          message: 'Os dígitos não conferem com o celular cadastrado',
          errors: { ultimosDigitosCelular: ['Os dígitos não conferem com o celular cadastrado'] },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await confirmDigits(user, '0000');

    const field = screen.getByLabelText('Últimos 4 dígitos do celular');
    expect(await screen.findByText('Os dígitos não conferem com o celular cadastrado')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Os dígitos não conferem com o celular cadastrado/);
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a wrong SMS code beside the code field', async () => {
    startFlow();
    fakeBackend({
      confirmaNumeroTelefoneDeslogado: () => codeSent,
      validaCodigoSms: () => ({
        status: 422,
        body: {
          message: 'Código inválido ou expirado',
          errors: { codigoSms: ['Código inválido ou expirado'] },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await confirmDigits(user, '4321');
    await typeCode(user, '000000');

    expect(await screen.findByLabelText('Código recebido por SMS')).toHaveAccessibleDescription(
      /Código inválido ou expirado/,
    );
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
  });

  it('without a mobile: registers the number, checks the code with it and sets the password', async () => {
    startFlow({ flNumeroCadastrado: 'N' });
    const fetchMock = fakeBackend({
      cadastraNumeroTelefoneDeslogado: (body) =>
        ok({
          flCodigoEnviado: 'S',
          flNumeroCadastrado: (body as { codigoSms?: string }).codigoSms ? 'S' : 'N',
          celularMascarado: '+55 (21) *****-8877',
        }),
      alteraSenhaEFazLogin: () => signedIn,
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await screen.findByRole('heading', { level: 2, name: 'Cadastre o seu celular' });
    expect(screen.getByLabelText('DDI')).toHaveValue('55');
    await user.type(screen.getByLabelText('Celular com DDD'), '(21) 99876-8877');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));

    expect(
      await screen.findByText('Enviamos um código por SMS para +55 (21) *****-8877.'),
    ).toBeInTheDocument();
    await typeCode(user, '654321');
    await choosePassword(user, 'Girassol#2024');

    expect(await screen.findByRole('heading', { level: 1, name: 'Timeline' })).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'cadastraNumeroTelefoneDeslogado', 0)).toEqual({
      codigoJwtProvisorio: 'provisional-token',
      ddi: '55',
      numeroTelefoneNovo: '21998768877',
    });
    expect(bodyOf(fetchMock, 'cadastraNumeroTelefoneDeslogado', 1)).toEqual({
      codigoJwtProvisorio: 'provisional-token',
      ddi: '55',
      numeroTelefoneNovo: '21998768877',
      codigoSms: '654321',
    });
    expect(calledNames(fetchMock)).not.toContain('validaCodigoSms');
  });

  it('says when the SMS could not be sent, keeping the flow to try again', async () => {
    startFlow();
    fakeBackend({
      confirmaNumeroTelefoneDeslogado: () => ({
        status: 503,
        body: {
          message: 'Não foi possível enviar a mensagem agora. Tente novamente em instantes.',
          error_code: 'DELIVERY_FAILED',
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await confirmDigits(user, '4321');

    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível enviar a mensagem agora.');
    expect(screen.queryByRole('link', { name: 'Começar de novo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
    expect(storedFlow()).not.toBeNull();
  });

  it('offers to start again when the provisional token is refused, and forgets the flow', async () => {
    startFlow();
    fakeBackend({
      confirmaNumeroTelefoneDeslogado: () => ({
        status: 410,
        body: {
          message: 'Este link ou código expirou ou já foi usado. Comece de novo.',
          error_code: 'TOKEN_INVALID',
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await confirmDigits(user, '4321');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link ou código expirou ou já foi usado.',
    );
    expect(screen.getByRole('link', { name: 'Começar de novo' })).toHaveAttribute(
      'href',
      '/primeiro-acesso-1',
    );
    expect(storedFlow()).toBeNull();
  });

  it('says what the password policy refuses, and when the passwords differ, before calling the server', async () => {
    startFlow();
    const fetchMock = fakeBackend({
      confirmaNumeroTelefoneDeslogado: () => codeSent,
      validaCodigoSms: () => ok({ flValido: 'S' }),
      alteraSenhaEFazLogin: () => signedIn,
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await confirmDigits(user, '4321');
    await typeCode(user, '123456');

    const password = await screen.findByLabelText('Nova senha');
    const confirmation = screen.getByLabelText('Confirme a nova senha');
    const attempts: [string, string][] = [
      ['abc', 'A senha deve ter no mínimo 8 caracteres'],
      ['10099', 'A senha deve ter no mínimo 8 caracteres'],
      ['20051990', 'A senha não pode ser a sua data de nascimento'],
      ['Primeiro@1', 'Esta senha é muito comum. Escolha outra'],
    ];
    for (const [typed, message] of attempts) {
      await user.clear(password);
      await user.type(password, typed);
      await user.clear(confirmation);
      await user.type(confirmation, typed);
      await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(password).toHaveAccessibleDescription(new RegExp(message));
    }

    await user.clear(password);
    await user.type(password, 'Girassol#2024');
    await user.clear(confirmation);
    await user.type(confirmation, 'Girassol#2025');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(await screen.findByText('As senhas não conferem')).toBeInTheDocument();
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(password).not.toHaveAttribute('aria-invalid');
    expect(calledNames(fetchMock)).not.toContain('alteraSenhaEFazLogin');
  });

  it('refuses the login itself as the new password', async () => {
    startFlow({ login: 'joana.souza@demo.elo' });
    fakeBackend({
      confirmaNumeroTelefoneDeslogado: () => codeSent,
      validaCodigoSms: () => ok({ flValido: 'S' }),
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await confirmDigits(user, '4321');
    await typeCode(user, '123456');
    await choosePassword(user, 'Joana.Souza@demo.elo');
    expect(await screen.findByText('A senha não pode ser igual ao login')).toBeInTheDocument();
  });

  it('shows the server policy message beside the new password', async () => {
    startFlow();
    fakeBackend({
      confirmaNumeroTelefoneDeslogado: () => codeSent,
      validaCodigoSms: () => ok({ flValido: 'S' }),
      alteraSenhaEFazLogin: () => ({
        status: 422,
        body: {
          message: 'Esta senha é muito comum. Escolha outra',
          errors: { senhaNova: ['Esta senha é muito comum. Escolha outra'] },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await confirmDigits(user, '4321');
    await typeCode(user, '123456');
    await choosePassword(user, 'Girassol#2024');

    const password = await screen.findByLabelText('Nova senha');
    expect(await screen.findByText('Esta senha é muito comum. Escolha outra')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
  });

  it('goes back to the code when it expired before the password was saved', async () => {
    startFlow();
    fakeBackend({
      confirmaNumeroTelefoneDeslogado: () => codeSent,
      validaCodigoSms: () => ok({ flValido: 'S' }),
      alteraSenhaEFazLogin: () => ({
        status: 422,
        body: {
          message: 'Código inválido ou expirado',
          errors: { codigoSms: ['Código inválido ou expirado'] },
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await confirmDigits(user, '4321');
    await typeCode(user, '123456');
    await choosePassword(user, 'Girassol#2024');

    const codeField = await screen.findByLabelText('Código recebido por SMS');
    expect(codeField).toHaveAccessibleDescription(/Código inválido ou expirado/);
    expect(codeField).toHaveFocus();
  });

  it('lets the code be sent again after a minute, with a visible countdown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startFlow();
    const fetchMock = fakeBackend({ confirmaNumeroTelefoneDeslogado: () => codeSent });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/primeiro-acesso-2');
    await confirmDigits(user, '4321');

    const resend = await screen.findByRole('button', { name: 'Reenviar código' });
    expect(resend).toBeDisabled();
    expect(screen.getByText(/Você poderá reenviar o código em \d+ segundos\./)).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    expect(resend).toBeEnabled();
    expect(screen.queryByText(/Você poderá reenviar o código/)).not.toBeInTheDocument();

    await user.click(resend);
    expect(
      await screen.findByText('Enviamos um novo código por SMS para (11) *****-4321.'),
    ).toBeInTheDocument();
    expect(calledNames(fetchMock).filter((name) => name === 'confirmaNumeroTelefoneDeslogado')).toHaveLength(
      2,
    );
    expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeDisabled();
  });

  it('forgets the flow when the user goes back to the login page', async () => {
    startFlow();
    fakeBackend({});
    const user = userEvent.setup();
    renderApp('/primeiro-acesso-2');
    await user.click(await screen.findByRole('link', { name: 'Voltar para o login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeInTheDocument();
    expect(storedFlow()).toBeNull();
  });
});
