import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ReasonDialog, type ReasonDialogProps } from './reason-dialog.tsx';

function Harness(props: Partial<ReasonDialogProps> & { onConfirm: ReasonDialogProps['onConfirm'] }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <ReasonDialog
        open={open}
        onOpenChange={setOpen}
        title="Ocultar comentário"
        confirmLabel="Ocultar"
        {...props}
      />
    </>
  );
}

describe('ReasonDialog', () => {
  it('asks a required reason before confirming, and closes once the action succeeds', async () => {
    const onConfirm = vi.fn(async () => undefined);
    render(<Harness onConfirm={onConfirm} reasonHint="Fica no registro de auditoria." />);
    const field = screen.getByRole('textbox', { name: /Motivo/ });
    expect(field).toBeRequired();
    expect(field).toHaveAccessibleDescription('Fica no registro de auditoria.');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(field, '  Fora do tema  ');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledWith('Fora do tema');
  });

  it('refuses a reason over the limit, and starts empty when opened again', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} maxLength={5} />);
    await userEvent.type(screen.getByRole('textbox', { name: /Motivo/ }), 'longo demais');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar' }));
    expect(await screen.findByText(/5/)).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.getByRole('textbox', { name: /Motivo/ })).toHaveValue('');
  });

  it('takes an optional reason, and keeps the dialog open with the message when the action fails', async () => {
    const onConfirm = vi
      .fn()
      .mockRejectedValueOnce(new Error('Registro não encontrado.'))
      .mockResolvedValue(undefined);
    render(<Harness onConfirm={onConfirm} reasonRequired={false} />);
    expect(screen.getByRole('textbox', { name: /Motivo/ })).not.toBeRequired();
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registro não encontrado.');
    expect(onConfirm).toHaveBeenCalledWith('');
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
