import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';

function Harness({ onConfirm, variant }: Pick<ConfirmDialogProps, 'onConfirm' | 'variant'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Excluir Clima
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Excluir a pesquisa?"
        description="“Clima” será excluída definitivamente."
        confirmLabel="Excluir"
        variant={variant}
        onConfirm={onConfirm}
      />
    </>
  );
}

/** A promise the test settles when it wants. */
function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (reason: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', { timeout: 20_000 }, () => {
  it('asks with a title and text, and cancels back to the button that opened it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Excluir Clima' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Excluir a pesquisa?' });
    expect(dialog).toHaveAccessibleDescription('“Clima” será excluída definitivamente.');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('shows the confirm button busy while the action runs, then closes', async () => {
    const user = userEvent.setup();
    const action = deferred();
    render(<Harness variant="danger" onConfirm={() => action.promise} />);
    await user.click(screen.getByRole('button', { name: 'Excluir Clima' }));
    const confirm = screen.getByRole('button', { name: 'Excluir' });
    expect(confirm).toHaveClass('bg-red-700');
    await user.click(confirm);
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(confirm).toBeDisabled();
    // Escape does not close it while the action is still running.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    action.resolve();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Excluir Clima' })).toHaveFocus();
  });

  it('closes when the action fails, leaving the report to the caller', async () => {
    const user = userEvent.setup();
    const action = deferred();
    render(<Harness onConfirm={() => action.promise} />);
    await user.click(screen.getByRole('button', { name: 'Excluir Clima' }));
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    action.reject(new Error('Falhou'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
