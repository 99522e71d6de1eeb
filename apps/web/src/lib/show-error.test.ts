import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { showErrorToast } from './show-error.ts';
import { useToastStore } from './stores/toast-store.ts';

describe('showErrorToast', () => {
  it('shows the failure message as an error toast', () => {
    showErrorToast(new ApiError({ status: 404, message: 'Pesquisa não encontrada ou não disponível.' }));
    expect(useToastStore.getState().toasts).toMatchObject([
      { type: 'error', message: 'Pesquisa não encontrada ou não disponível.' },
    ]);
  });

  it('uses the default message for something that is not an error', () => {
    showErrorToast({ unexpected: true });
    expect(useToastStore.getState().toasts[0]?.message).toBe('Ocorreu um erro inesperado. Tente novamente.');
  });

  it('shows nothing for an empty message', () => {
    showErrorToast(new ApiError({ status: 500, message: '' }));
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
