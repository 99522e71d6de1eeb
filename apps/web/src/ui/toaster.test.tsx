import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Toaster } from './toaster.tsx';

describe('Toaster', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a toast that the user can dismiss', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() =>
      useToastStore.getState().showToast({ type: 'success', message: 'Publicação salva com sucesso!' }),
    );
    expect(screen.getByText('Publicação salva com sucesso!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    expect(screen.queryByText('Publicação salva com sucesso!')).not.toBeInTheDocument();
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('closes a toast by itself after 5 seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => useToastStore.getState().showToast({ type: 'error', message: 'Não foi possível publicar' }));
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText('Não foi possível publicar')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Não foi possível publicar')).not.toBeInTheDocument();
  });

  it('shows nothing for an empty message', () => {
    render(<Toaster />);
    act(() => useToastStore.getState().showToast({ type: 'error', message: '' }));
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
