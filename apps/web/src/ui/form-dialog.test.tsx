import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog, type FormDialogProps } from './form-dialog.tsx';

function renderDialog(props: Partial<FormDialogProps> = {}) {
  const onSubmit = vi.fn((event: FormEvent<HTMLFormElement>) => event.preventDefault());
  const onOpenChange = vi.fn();
  render(
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Novo lembrete"
      onSubmit={onSubmit}
      submitLabel="Salvar"
      submitting={false}
      failureTitle="Não foi possível salvar"
      {...props}
    >
      <label>
        Título
        <input name="titulo" />
      </label>
    </FormDialog>,
  );
  return { onSubmit, onOpenChange };
}

describe('FormDialog', () => {
  it('sends its form from the footer button and closes on Cancel', async () => {
    const { onSubmit, onOpenChange } = renderDialog();
    const dialog = within(screen.getByRole('dialog', { name: 'Novo lembrete' }));
    expect(dialog.getByRole('textbox', { name: 'Título' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows what failed above the fields, under the failure title', () => {
    renderDialog({ failureMessage: 'O servidor recusou.' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível salvar');
    expect(alert).toHaveTextContent('O servidor recusou.');
  });

  it('stands a spinner in for the fields while what they need loads', () => {
    renderDialog({ loadingLabel: 'Carregando assuntos' });
    expect(screen.getByText('Carregando assuntos')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Título' })).toBeNull();
  });
});
