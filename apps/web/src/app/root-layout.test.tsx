import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeBackend, makeLoggedUser, renderApp } from './test-harness.tsx';

// The connection dropped before the toaster's and the chat's code were fetched.
vi.mock('#ui/toaster.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('../features/chat/chat-connection.ts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('code that cannot be loaded', { timeout: 60_000 }, () => {
  it('keeps the chat page on screen with the connection error, and the toast shows as text', async () => {
    fakeBackend({});
    renderApp('/painel/chat', { user: makeLoggedUser() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chat' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Erro ao conectar no chat!')).toBeInTheDocument();
    // And as a toast, outside the page, although the toaster's own code could not load.
    const toasts = screen.getAllByText('Erro ao conectar no chat!').filter((node) => !main.contains(node));
    expect(toasts).toHaveLength(1);
    expect(within(main).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    // The page did not turn blank: the navigation is still there.
    expect(screen.getByRole('navigation', { name: /principal|menu/i })).toBeInTheDocument();
  });
});
