import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledNames, fakeBackend, renderApp } from '#app/test-harness.tsx';

const location = () => screen.getByTestId('location').textContent;
const resetDone = { status: 200, body: { data: { ok: true } } };

async function saveNewPassword(values: { code?: string; password: string; again?: string }) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Redefinir senha' });
  if (values.code !== undefined)
    await user.type(screen.getByLabelText('Código recebido por SMS'), values.code);
  await user.type(screen.getByLabelText('Nova senha'), values.password);
  await user.type(screen.getByLabelText('Confirme a nova senha'), values.again ?? values.password);
  await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
}

describe('password reset', () => {
  it("sets the password with the e-mail link's token and goes to login saying so", async () => {
    const fetchMock = fakeBackend({ resetaSenhaComToken: () => resetDone });
    renderApp('/resetarsenha/mail-token-1');
    await screen.findByRole('heading', { level: 1, name: 'Redefinir senha' });
    expect(screen.queryByLabelText('Código recebido por SMS')).not.toBeInTheDocument();
    await saveNewPassword({ password: 'Girassol#2024' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeInTheDocument();
    expect(location()).toBe('/');
    const alerts = screen.getByRole('region', { name: 'Alertas' });
    expect(within(alerts).getByText('Senha alterada. Entre com a nova senha.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/backend/resetaSenhaComToken');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ token: 'mail-token-1', senha: 'Girassol#2024' });
  });

  it('sends the SMS code with the password when the request came by matricula', async () => {
    const fetchMock = fakeBackend({ resetaSenhaComToken: () => resetDone });
    renderApp('/resetarsenha/sms-token-1?canal=sms');
    await saveNewPassword({ code: '123456', password: 'Girassol#2024' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' })).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/backend/resetaSenhaComToken');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      token: 'sms-token-1',
      senha: 'Girassol#2024',
      codigoSms: '123456',
    });
  });

  it('shows a wrong SMS code beside the code field', async () => {
    fakeBackend({
      resetaSenhaComToken: () => ({
        status: 422,
        body: {
          message: 'Código inválido ou expirado',
          errors: { codigoSms: ['Código inválido ou expirado'] },
        },
      }),
    });
    renderApp('/resetarsenha/sms-token-1?canal=sms');
    await saveNewPassword({ code: '000000', password: 'Girassol#2024' });

    const code = screen.getByLabelText('Código recebido por SMS');
    expect(await screen.findByText('Código inválido ou expirado')).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(/Código inválido ou expirado/);
    expect(code).toHaveFocus();
    expect(location()).toBe('/resetarsenha/sms-token-1?canal=sms');
  });

  it('offers a new link when the token expired or was used', async () => {
    fakeBackend({
      resetaSenhaComToken: () => ({
        status: 410,
        body: {
          message: 'Este link ou código expirou ou já foi usado. Comece de novo.',
          error_code: 'TOKEN_INVALID',
        },
      }),
    });
    renderApp('/resetarsenha/old-token');
    await saveNewPassword({ password: 'Girassol#2024' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Este link ou código expirou ou já foi usado.');
    expect(within(alert).getByRole('link', { name: 'Solicitar um novo link' })).toHaveAttribute(
      'href',
      '/solicitar-senha-email',
    );
  });

  it('offers a new code by matricula when the SMS token is refused', async () => {
    fakeBackend({
      resetaSenhaComToken: () => ({
        status: 410,
        body: { message: 'Este link ou código expirou ou já foi usado.', error_code: 'TOKEN_INVALID' },
      }),
    });
    renderApp('/resetarsenha/old-token?canal=sms');
    await saveNewPassword({ code: '123456', password: 'Girassol#2024' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Solicitar um novo código' })).toHaveAttribute(
      'href',
      '/solicitar-senha-matricula',
    );
  });

  it('checks the code, the policy and the confirmation before calling the server', async () => {
    const fetchMock = fakeBackend({ resetaSenhaComToken: () => resetDone });
    renderApp('/resetarsenha/sms-token-1?canal=sms');
    await saveNewPassword({ code: '12', password: 'senha123', again: 'senha124' });

    expect(await screen.findByText('O código tem 6 dígitos')).toBeInTheDocument();
    expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription(
      /Esta senha é muito comum. Escolha outra/,
    );
    expect(screen.getByLabelText('Confirme a nova senha')).toHaveAccessibleDescription(
      /As senhas não conferem/,
    );
    expect(screen.getByLabelText('Código recebido por SMS')).toHaveFocus();
    expect(calledNames(fetchMock)).not.toContain('resetaSenhaComToken');
  });

  it('shows the server policy message beside the new password', async () => {
    fakeBackend({
      resetaSenhaComToken: () => ({
        status: 422,
        body: {
          message: 'A senha não pode ser igual ao login',
          errors: { senha: ['A senha não pode ser igual ao login'] },
        },
      }),
    });
    renderApp('/resetarsenha/mail-token-1');
    await saveNewPassword({ password: 'maria.silva' });

    expect(await screen.findByText('A senha não pode ser igual ao login')).toBeInTheDocument();
    expect(screen.getByLabelText('Nova senha')).toHaveFocus();
  });
});
