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

describe('the notification preferences', { timeout: 60_000 }, () => {
  it('turns pushing one kind to the devices off, and saves it with the other choices', async () => {
    const saved: unknown[] = [];
    fakeBackend({
      consultaNotificacoes: () =>
        ok({
          listNotificacoes: [],
          idPaginaAtual: 1,
          qtdRegistrosPorPagina: 10,
          qtdTotalRegistros: 0,
          qtdNaoLidas: 0,
        }),
      consultaPreferenciasNotificacao: () => ok({ listPreferencias: stored }),
      salvaPreferenciasNotificacao: (body) => {
        saved.push(body);
        return ok({ ok: true });
      },
    });
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações' }, { timeout: 30_000 }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Preferências de notificação' }, { timeout: 30_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Preferências de notificação' });
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
});
