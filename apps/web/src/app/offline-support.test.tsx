import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '#lib/paths.ts';
import { fakeBackend, makeLoggedUser, renderApp } from './test-harness.tsx';

const banner = 'Sem conexão — mostrando o que foi salvo';

describe('the portal without a connection', { timeout: 60_000 }, () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says it shows what was saved while offline, and stops saying it once back online', async () => {
    fakeBackend({});
    renderApp('/painel/timeline', { user: makeLoggedUser() });
    await screen.findByRole('heading', { level: 1, name: 'Timeline' }, { timeout: 30_000 });
    expect(screen.queryByText(banner)).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByText(banner)).toHaveAttribute('role', 'status');
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByText(banner)).not.toBeInTheDocument();
  });

  it('says nothing on the sign-in page, where nothing of anyone is kept', async () => {
    fakeBackend({});
    act(() => onlineManager.setOnline(false));
    renderApp(paths.login);
    await screen.findByRole('heading', { level: 1, name: 'Entrar no Elo' }, { timeout: 30_000 });
    expect(screen.queryByText(banner)).not.toBeInTheDocument();
  });
});
