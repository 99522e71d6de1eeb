import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal, type ModalProps } from './modal.tsx';

function Harness(props: Pick<ModalProps, 'closeOnOutsideClick' | 'size'>) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button">Fora do modal</button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Excluir publicação"
        description="Tem certeza?"
        {...props}
      >
        <p>Conteúdo</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is an accessible dialog named by its title', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Excluir publicação' });
    expect(dialog).toHaveAccessibleDescription('Tem certeza?');
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on its labelled close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  // The open dialog makes the page behind it inert (pointer-events: none), as a real overlay does;
  // the click still reaches the document, which is what "outside" means.
  it('closes on a click outside by default', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Fora do modal', hidden: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on a click outside when told to', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<Harness closeOnOutsideClick={false} />);
    await user.click(screen.getByRole('button', { name: 'Fora do modal', hidden: true }));
    expect(screen.getByRole('dialog', { name: 'Excluir publicação' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('widens with its size', () => {
    render(<Harness size="xxl" />);
    expect(screen.getByRole('dialog')).toHaveClass('max-w-6xl');
  });
});
