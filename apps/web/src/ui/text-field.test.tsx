import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field.tsx';

describe('TextField', () => {
  it('is named by its label and described by its hint', () => {
    render(<TextField label="Login" hint="E-mail ou matrícula" />);
    const input = screen.getByLabelText('Login');
    expect(input).toHaveAccessibleDescription('E-mail ou matrícula');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks itself invalid and reads its error', () => {
    render(<TextField label="Senha" type="password" error="Campo obrigatório" />);
    const input = screen.getByLabelText('Senha');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Campo obrigatório');
  });

  it('marks a required field with the asterisk beside its label, and the control as required', () => {
    const { container } = render(<TextField label="Nome" required />);
    const input = screen.getByRole('textbox', { name: 'Nome' });
    expect(input).toBeRequired();
    expect(container.querySelector('label')).toHaveTextContent('Nome*');
    render(<TextField label="Apelido" />);
    expect(screen.getByText('Apelido')).toHaveTextContent(/^Apelido$/);
  });
});
