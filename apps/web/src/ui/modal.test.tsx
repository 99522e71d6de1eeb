import * as Popover from '@radix-ui/react-popover';
import { render, screen, waitFor } from '@testing-library/react';
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

  it('gives the focus back to the button that opened it, though a field inside took the focus first', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Novo grupo
          </button>
          {/* Mounted only while open, as the chat's dialogs are. */}
          {open && (
            <Modal open onOpenChange={setOpen} title="Novo grupo">
              <label>
                Nome do grupo <input autoFocus />
              </label>
            </Modal>
          )}
        </>
      );
    }
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Novo grupo' });
    opener.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Nome do grupo' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('gives the focus back to the trigger of the popover it was opened from, which is gone', async () => {
    function FromPopover() {
      const [menuOpen, setMenuOpen] = useState(false);
      const [open, setOpen] = useState(false);
      return (
        <>
          <Popover.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Popover.Trigger>Notificações</Popover.Trigger>
            <Popover.Portal>
              <Popover.Content aria-label="Lista">
                <button
                  type="button"
                  onClick={() => {
                    setMenuOpen(false);
                    setOpen(true);
                  }}
                >
                  Preferências
                </button>
              </Popover.Content>
            </Popover.Portal>
          </Popover.Root>
          <Modal open={open} onOpenChange={setOpen} title="Preferências" />
        </>
      );
    }
    const user = userEvent.setup();
    render(<FromPopover />);
    const trigger = screen.getByRole('button', { name: 'Notificações' });
    trigger.focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Preferências' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Preferências' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preferências' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
