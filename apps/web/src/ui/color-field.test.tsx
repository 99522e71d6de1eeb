import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ColorField } from './color-field.tsx';

function Harness() {
  const [value, setValue] = useState('#1d4ed8');
  return (
    <>
      <ColorField label="Cor principal" value={value} onChange={setValue} />
      <p data-testid="value">{value}</p>
    </>
  );
}

describe('ColorField', { timeout: 20_000 }, () => {
  it('keeps the picker and the hex text in step', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const hex = screen.getByRole('textbox', { name: 'Cor principal' });
    const picker = screen.getByLabelText('Seletor de cor de Cor principal');
    expect(hex).toHaveValue('#1d4ed8');
    await user.clear(hex);
    await user.type(hex, '#7C2D12');
    expect(screen.getByTestId('value')).toHaveTextContent('#7c2d12');
    expect(picker).toHaveValue('#7c2d12');
    fireEvent.input(picker, { target: { value: '#00ff00' } });
    expect(hex).toHaveValue('#00ff00');
    expect(screen.getByTestId('value')).toHaveTextContent('#00ff00');
  });

  it('says when the text is not #rrggbb, keeping the last good colour', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const hex = screen.getByRole('textbox', { name: 'Cor principal' });
    await user.clear(hex);
    await user.type(hex, '#12345g');
    expect(hex).toHaveAttribute('aria-invalid', 'true');
    expect(hex).toHaveAccessibleDescription('Informe uma cor no formato #RRGGBB');
    expect(screen.getByTestId('value')).toHaveTextContent('#1d4ed8');
  });
});
