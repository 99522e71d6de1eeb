import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextareaField } from './textarea-field.tsx';

describe('TextareaField', () => {
  it('is a multi-line text named by its label and described by its hint', () => {
    render(<TextareaField label="Descrição" hint="Até 500 caracteres" rows={3} />);
    const text = screen.getByRole('textbox', { name: 'Descrição' });
    expect(text.tagName).toBe('TEXTAREA');
    expect(text).toHaveAttribute('rows', '3');
    expect(text).toHaveAccessibleDescription('Até 500 caracteres');
    expect(text).not.toHaveAttribute('aria-invalid');
  });

  it('is required when asked, marks itself invalid and reads its error', () => {
    render(<TextareaField label="Mensagem" required error="Campo obrigatório" />);
    const text = screen.getByRole('textbox', { name: /^Mensagem/ });
    expect(text).toBeRequired();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveAccessibleDescription('Campo obrigatório');
  });
});
