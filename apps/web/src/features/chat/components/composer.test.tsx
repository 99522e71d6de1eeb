import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Composer, type ComposedMessage } from './composer.tsx';

const people = [
  { idUsuario: 3, nome: 'Carlos Pereira' },
  { idUsuario: 4, nome: 'Camila Ferreira' },
];

function Harness({
  onSend,
  editingText,
  onSaveEdit = vi.fn(),
  onCancelEdit = vi.fn(),
}: {
  onSend: (message: ComposedMessage) => void;
  editingText?: string;
  onSaveEdit?: (text: string) => void;
  onCancelEdit?: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <Composer
      candidates={people}
      file={file}
      onFileChange={setFile}
      editingText={editingText}
      onSend={onSend}
      onSaveEdit={onSaveEdit}
      onCancelEdit={onCancelEdit}
    />
  );
}

describe('chat composer', () => {
  it('sends with Enter and adds a line with Shift+Enter', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const box = screen.getByLabelText('Mensagem');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await user.type(box, 'Linha 1{Shift>}{Enter}{/Shift}Linha 2{Enter}');
    expect(onSend).toHaveBeenCalledWith({ mensagem: 'Linha 1\nLinha 2', idUsuariosMencionados: [] });
    expect(box).toHaveValue('');
  });

  it('offers the people to mention while typing @ and keeps who was picked', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const box = screen.getByLabelText('Mensagem');
    await user.type(box, 'Oi @c');
    const list = screen.getByRole('listbox', { name: 'Pessoas para mencionar' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Carlos Pereira',
      'Camila Ferreira',
    ]);
    expect(list).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Camila Ferreira' }).id,
    );
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Oi @Camila Ferreira ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(box, 'tudo bem?{Enter}');
    expect(onSend).toHaveBeenCalledWith({
      mensagem: 'Oi @Camila Ferreira tudo bem?',
      idUsuariosMencionados: [4],
    });
  });

  it('closes the mention list with Escape', async () => {
    const user = userEvent.setup();
    render(<Harness onSend={vi.fn()} />);
    await user.type(screen.getByLabelText('Mensagem'), '@car');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('attaches a pasted file and sends it with the text', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const box = screen.getByLabelText('Mensagem');
    const file = new File(['%PDF-1.4'], 'contrato.pdf', { type: 'application/pdf' });
    box.focus();
    await user.paste({ files: [file], getData: () => '' } as unknown as DataTransfer);
    expect(screen.getByRole('button', { name: 'Remover o anexo contrato.pdf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSend).toHaveBeenCalledWith({
      mensagem: '',
      idUsuariosMencionados: [],
      attachment: { file, name: 'contrato.pdf' },
    });
    expect(screen.queryByRole('button', { name: 'Remover o anexo contrato.pdf' })).not.toBeInTheDocument();
  });

  it('edits a message: saves with Enter, cancels with Escape', async () => {
    const user = userEvent.setup();
    const onSaveEdit = vi.fn();
    const onCancelEdit = vi.fn();
    render(
      <Harness
        onSend={vi.fn()}
        editingText="Texto antigo"
        onSaveEdit={onSaveEdit}
        onCancelEdit={onCancelEdit}
      />,
    );
    expect(screen.getByText('Editando a mensagem')).toBeInTheDocument();
    const box = screen.getByLabelText('Mensagem');
    await user.clear(box);
    await user.type(box, 'Texto novo{Enter}');
    expect(onSaveEdit).toHaveBeenCalledWith('Texto novo');
    await user.keyboard('{Escape}');
    expect(onCancelEdit).toHaveBeenCalled();
  });

  it('says so when the browser cannot record audio', async () => {
    const user = userEvent.setup();
    render(<Harness onSend={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Gravar áudio' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Este navegador não grava áudio.');
  });
});
