import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonVariants } from './button.tsx';

describe('Button', () => {
  it('offers the six variants of the spec', () => {
    expect(buttonVariants).toEqual([
      'primary',
      'secondary',
      'tertiary',
      'danger',
      'danger-secondary',
      'danger-tertiary',
    ]);
  });

  it('does not submit forms unless asked', () => {
    render(<Button>Salvar</Button>);
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveAttribute('type', 'button');
  });

  it('blocks clicks and says it is busy while loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Salvar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Salvar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('grows with its size', () => {
    render(
      <>
        <Button size="sm">Pequeno</Button>
        <Button size="lg">Grande</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Pequeno' })).toHaveClass('min-h-8');
    expect(screen.getByRole('button', { name: 'Grande' })).toHaveClass('min-h-12');
  });
});
