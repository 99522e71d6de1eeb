import type { PreferenciaNotificacao } from '@elo/contract/calls/notifications';
import { EmailDigest, NotificationType, notificationTypes } from '@elo/contract/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeBackend, makeLoggedUser, ok, renderApp } from '#app/test-harness.tsx';

const stored: PreferenciaNotificacao[] = notificationTypes.map((tipo) => ({
  tipo,
  flNoApp: 'S',
  flPush: 'S',
  email: EmailDigest.none,
}));

/** The portal with the bell's 'Preferências de notificação' dialog open. */
async function openPreferences(): Promise<HTMLElement> {
  renderApp('/painel/timeline', { user: makeLoggedUser() });
  await userEvent.click(await screen.findByRole('button', { name: 'Notificações' }, { timeout: 30_000 }));
  await userEvent.click(await screen.findByRole('button', { name: 'Preferências de notificação' }));
  return screen.findByRole('dialog', { name: 'Preferências de notificação' });
}

describe('the notification preferences', { timeout: 60_000 }, () => {
  it('turns pushing one kind to the devices off, and saves it with the other choices', async () => {
    const saved: unknown[] = [];
    fakeBackend({
      consultaPreferenciasNotificacao: () => ok({ listPreferencias: stored }),
      salvaPreferenciasNotificacao: (body) => {
        saved.push(body);
        return ok({ ok: true });
      },
    });
    const dialog = await openPreferences();
    const comments = within(
      await within(dialog).findByRole('group', { name: 'Comentário em uma publicação sua' }),
    );
    const push = comments.getByRole('switch', { name: 'Enviar aos meus dispositivos' });
    expect(push).toBeChecked();
    await userEvent.click(push);
    expect(push).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar preferências' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    const sent = (saved[0] as { listPreferencias: PreferenciaNotificacao[] }).listPreferencias;
    expect(sent.find((choice) => choice.tipo === NotificationType.postComment)).toEqual({
      tipo: NotificationType.postComment,
      flNoApp: 'S',
      flPush: 'N',
      email: EmailDigest.none,
    });
    expect(sent.filter((choice) => choice.flPush === 'N')).toHaveLength(1);
  });

  it('lists the devices, tests and removes one, and says when this browser cannot receive pushes', async () => {
    const removed: unknown[] = [];
    let devices = [
      {
        idDispositivo: 7,
        nomeDispositivo: 'Chrome no Android',
        dtCadastro: '2026-11-20T12:00:00.000Z',
        dtUltimoEnvio: '2026-11-28T14:50:00.000Z',
      },
      {
        idDispositivo: 9,
        nomeDispositivo: null,
        dtCadastro: '2026-11-21T12:00:00.000Z',
        dtUltimoEnvio: null,
      },
    ];
    fakeBackend({
      consultaPreferenciasNotificacao: () => ok({ listPreferencias: stored }),
      consultaDispositivosPush: () => ok({ listDispositivos: devices }),
      enviaPushTeste: () =>
        ok({
          flEntregue: 'S',
          statusServico: 201,
          mensagem: 'O serviço de notificações aceitou a mensagem (HTTP 201).',
        }),
      removeDispositivoPush: (body) => {
        removed.push(body);
        devices = devices.filter((device) => device.idDispositivo !== 9);
        return ok({ ok: true });
      },
    });
    const dialog = within(await openPreferences());

    // jsdom has no service worker: the person is told why, and what to do on an iPhone.
    expect(
      await dialog.findByText(/Este navegador não recebe notificações do portal\. No iPhone e no iPad/),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('switch', { name: 'Receber neste dispositivo' })).not.toBeInTheDocument();

    const phone = (await dialog.findByText('Chrome no Android')).closest('li')!;
    // Dates as the portal writes them, in São Paulo's time.
    expect(within(phone).getByText('Último envio em 28/11/2026 11:50')).toBeInTheDocument();
    await userEvent.click(within(phone).getByRole('button', { name: 'Enviar notificação de teste' }));
    expect(
      await within(phone).findByText('O serviço de notificações aceitou a mensagem (HTTP 201).'),
    ).toBeInTheDocument();

    expect(dialog.getByText('Nada enviado ainda')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Remover Dispositivo sem nome' }));
    await waitFor(() => expect(dialog.queryByText('Dispositivo sem nome')).not.toBeInTheDocument());
    expect(removed).toEqual([{ idDispositivo: 9 }]);
  });
});
