import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledNames, fakeBackend, renderApp } from '#app/test-harness.tsx';

const location = () => screen.getByTestId('location').textContent;

async function requestCode(matricula: string, digits: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Solicitar senha por matrícula' });
  await user.type(screen.getByLabelText('Matrícula'), matricula);
  await user.type(screen.getByLabelText('Últimos 4 dígitos do celular'), digits);
  await user.click(screen.getByRole('button', { name: 'Solicitar código' }));
}

describe('password by matricula', () => {
  it('asks for the SMS code and opens the reset page with the token it gets', async () => {
    const fetchMock = fakeBackend({
      solicitaTrocaDeSenha: () => ({ status: 200, body: { data: { tokenRecuperacao: 'reset-token-1' } } }),
    });
    renderApp('/solicitar-senha-matricula');
    await requestCode('10099', '4321');

    expect(await screen.findByRole('heading', { level: 1, name: 'Redefinir senha' })).toBeInTheDocument();
    expect(location()).toBe('/resetarsenha/reset-token-1?canal=sms');
    expect(
      screen.getByText('Se os dados conferirem, enviamos um código por SMS para o seu celular.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Código recebido por SMS')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/backend/solicitaTrocaDeSenha');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ login: '10099', ultimosDigitosCelular: '4321' });
  });

  it('wants the four last digits before calling the server', async () => {
    const fetchMock = fakeBackend({});
    renderApp('/solicitar-senha-matricula');
    await requestCode('10099', '43');

    const digits = screen.getByLabelText('Últimos 4 dígitos do celular');
    expect(await screen.findByText('Informe os 4 últimos dígitos do celular')).toBeInTheDocument();
    expect(digits).toHaveAttribute('aria-invalid', 'true');
    expect(digits).toHaveFocus();
    expect(calledNames(fetchMock)).not.toContain('solicitaTrocaDeSenha');
  });

  it('puts the server field errors beside the fields', async () => {
    fakeBackend({
      solicitaTrocaDeSenha: () => ({
        status: 422,
        body: { message: 'Ops!', errors: { login: ['Informe no máximo 254 caracteres'] } },
      }),
    });
    renderApp('/solicitar-senha-matricula');
    await requestCode('10099', '4321');

    expect(await screen.findByText('Informe no máximo 254 caracteres')).toBeInTheDocument();
    expect(screen.getByLabelText('Matrícula')).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/solicitar-senha-matricula');
  });
});
