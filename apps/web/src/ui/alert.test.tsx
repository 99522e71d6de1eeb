import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAlertStore } from '#lib/stores/alert-store.ts';
import { AlertList } from './alert.tsx';

describe('AlertList', () => {
  it('shows each stored alert once, errors as role=alert', () => {
    render(<AlertList />);
    act(() => {
      useAlertStore
        .getState()
        .addAlert({ id: 'x', type: 'error', title: 'Falhou', message: 'Sessão expirada' });
      useAlertStore
        .getState()
        .addAlert({ id: 'x', type: 'error', title: 'Falhou', message: 'Sessão expirada' });
      useAlertStore.getState().addAlert({ type: 'success', message: 'Publicação salva com sucesso!' });
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Sessão expirada');
    expect(screen.getByRole('status')).toHaveTextContent('Publicação salva com sucesso!');
  });

  it('removes an alert with its close button', async () => {
    const user = userEvent.setup();
    render(<AlertList />);
    act(() => void useAlertStore.getState().addAlert({ type: 'info', message: 'Olá' }));
    await user.click(screen.getByRole('button', { name: 'Fechar alerta' }));
    expect(screen.queryByText('Olá')).not.toBeInTheDocument();
  });

  it('runs an action of the alert', async () => {
    const user = userEvent.setup();
    let retried = false;
    render(<AlertList />);
    act(
      () =>
        void useAlertStore.getState().addAlert({
          type: 'warning',
          message: 'Sem conexão',
          actions: [{ label: 'Tentar novamente', onClick: () => (retried = true) }],
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(retried).toBe(true);
  });

  it('shakes an open error alert when the user clicks elsewhere', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outro botão</button>
        <AlertList />
      </>,
    );
    act(() => void useAlertStore.getState().addAlert({ type: 'error', message: 'Sessão expirada' }));
    const shaker = () => screen.getByRole('alert').parentElement;
    expect(shaker()).not.toHaveAttribute('data-shaking');
    await user.click(screen.getByRole('button', { name: 'Outro botão' }));
    expect(shaker()).toHaveAttribute('data-shaking', 'true');
  });

  it('does not shake information alerts', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Outro botão</button>
        <AlertList />
      </>,
    );
    act(() => void useAlertStore.getState().addAlert({ type: 'info', message: 'Novidade' }));
    await user.click(screen.getByRole('button', { name: 'Outro botão' }));
    expect(screen.getByRole('status').parentElement).not.toHaveAttribute('data-shaking');
  });
});
