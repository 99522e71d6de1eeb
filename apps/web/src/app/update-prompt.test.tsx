import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useUpdateStore } from '#lib/stores/update-store.ts';
import { fakeBackend, makeLoggedUser, renderApp } from './test-harness.tsx';

describe('a new version of the portal', { timeout: 60_000 }, () => {
  it('waits for the person to choose Atualizar, and only then takes over', async () => {
    fakeBackend({});
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await screen.findByRole('heading', { level: 1, name: 'Timeline' }, { timeout: 30_000 });
    expect(screen.queryByText('Nova versão disponível')).not.toBeInTheDocument();

    const apply = vi.fn();
    act(() => useUpdateStore.getState().offer(apply));
    expect(
      (await screen.findByText('Nova versão disponível')).closest('[role="status"]'),
    ).toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
