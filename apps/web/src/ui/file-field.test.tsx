import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FileField, formatFileSize } from './file-field.tsx';

function Harness() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileField
      label="Regulamento"
      hint="PDF de até 1MB."
      accept={['pdf']}
      maxBytes={1024 * 1024}
      value={file}
      onChange={setFile}
    />
  );
}

describe('FileField', { timeout: 20_000 }, () => {
  it('names its button in the portal’s words and shows the chosen file', async () => {
    // The hidden input is what takes the file; its name is the field's label.
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    expect(screen.getByText('Escolher arquivo')).toBeInTheDocument();
    const input = screen.getByLabelText('Regulamento');
    expect(input).toHaveAccessibleDescription('Nenhum arquivo escolhido PDF de até 1MB.');
    await user.upload(input, new File(['%PDF'], 'regras.pdf', { type: 'application/pdf' }));
    expect(input).toHaveAccessibleDescription('regras.pdf PDF de até 1MB.');
    expect(screen.getByText('Trocar arquivo')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover arquivo' }));
    expect(screen.getByText('Nenhum arquivo escolhido')).toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('refuses another type and a file over the cap, in the spec’s words', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<Harness />);
    const input = screen.getByLabelText('Regulamento');
    await user.upload(input, new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(screen.getByText('Arquivo inválido. Os formatos de arquivo válido PDF')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.upload(
      input,
      new File([new Uint8Array(1024 * 1024 + 1)], 'grande.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('Arquivo inválido. O limite de tamanho de arquivo é 1MB')).toBeInTheDocument();
    expect(screen.getByText('Nenhum arquivo escolhido')).toBeInTheDocument();
  });
});

describe('formatFileSize', () => {
  it('writes sizes as the spec does', () => {
    expect(formatFileSize(60 * 1024 * 1024)).toBe('60MB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5MB');
    expect(formatFileSize(500 * 1024)).toBe('500KB');
  });
});
