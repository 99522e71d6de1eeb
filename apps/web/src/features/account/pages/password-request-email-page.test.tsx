import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledNames, fakeBackend, renderApp } from '#app/test-harness.tsx';
import { changeLanguage } from '#lib/i18n/i18n.ts';

const confirmation = 'Se o e-mail estiver cadastrado, você receberá um link para criar uma nova senha.';

async function requestLink(email: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: 'Solicitar senha por e-mail' });
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Enviar link' }));
}

describe('password by e-mail', () => {
  it('asks for the link and confirms without telling whether the e-mail is registered', async () => {
    const fetchMock = fakeBackend({
      solicitaTrocaDeSenha: () => ({ status: 200, body: { data: { tokenRecuperacao: null } } }),
    });
    renderApp('/solicitar-senha-email');
    await requestLink('maria.silva@demo.elo');

    expect(await screen.findByText(confirmation)).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute('href', '/');
    const call = fetchMock.mock.calls.find(([url]) => url === '/backend/solicitaTrocaDeSenha');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ login: 'maria.silva@demo.elo' });
  });

  it('shows the same confirmation for an e-mail nobody uses', async () => {
    fakeBackend({
      solicitaTrocaDeSenha: () => ({ status: 200, body: { data: { tokenRecuperacao: null } } }),
    });
    renderApp('/solicitar-senha-email');
    await requestLink('ninguem@exemplo.com');

    expect(await screen.findByText(confirmation)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('wants an e-mail before calling the server', async () => {
    const fetchMock = fakeBackend({});
    renderApp('/solicitar-senha-email');
    await requestLink('10099');

    const field = screen.getByLabelText('E-mail');
    expect(await screen.findByText('Informe um e-mail válido')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(calledNames(fetchMock)).not.toContain('solicitaTrocaDeSenha');
  });

  it('says when there were too many requests', async () => {
    fakeBackend({
      solicitaTrocaDeSenha: () => ({
        status: 429,
        body: {
          message: 'Muitas tentativas. Aguarde 5 minuto(s) e tente novamente.',
          error_code: 'TOO_MANY_REQUESTS',
          retryAfter: 300,
        },
      }),
    });
    renderApp('/solicitar-senha-email');
    await requestLink('maria.silva@demo.elo');

    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas. Aguarde 5 minuto(s)');
    expect(screen.queryByText(confirmation)).not.toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });

  it("confirms in the reader's language", async () => {
    await changeLanguage('es');
    fakeBackend({
      solicitaTrocaDeSenha: () => ({ status: 200, body: { data: { tokenRecuperacao: null } } }),
    });
    const user = userEvent.setup();
    renderApp('/solicitar-senha-email');
    await screen.findByRole('heading', { level: 1, name: 'Solicitar contraseña por correo' });
    await user.type(screen.getByLabelText('Correo electrónico'), 'maria.silva@demo.elo');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(
      await screen.findByText(
        'Si el correo está registrado, recibirás un enlace para crear una nueva contraseña.',
      ),
    ).toBeInTheDocument();
  });

  it('links to the request by matricula', async () => {
    fakeBackend({});
    renderApp('/solicitar-senha-email');
    expect(await screen.findByRole('link', { name: 'Solicitar senha por matrícula' })).toHaveAttribute(
      'href',
      '/solicitar-senha-matricula',
    );
  });
});
