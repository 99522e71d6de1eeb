import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '#lib/i18n/i18n.ts';
import { DateField } from './date-field.tsx';

function Harness({ initial = null, withTime = false }: { initial?: string | null; withTime?: boolean }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <DateField
        label="Início"
        hint="Data de início"
        required
        withTime={withTime}
        value={value}
        onChange={setValue}
      />
      <p data-testid="value">{value ?? 'vazio'}</p>
      <button type="button" onClick={() => setValue('2026-12-25T15:00:00.000Z')}>
        Carregar Natal
      </button>
    </>
  );
}

const valueText = () => screen.getByTestId('value').textContent;

describe('DateField', { timeout: 20_000 }, () => {
  it('takes a typed date through the mask and hands out ISO in São Paulo', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Início' });
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('Data de início');
    await user.type(input, '05032026');
    expect(input).toHaveValue('05/03/2026');
    expect(valueText()).toBe('2026-03-05T03:00:00.000Z');
  });

  it('takes a date and time', async () => {
    const user = userEvent.setup();
    render(<Harness withTime />);
    const input = screen.getByRole('textbox', { name: 'Início' });
    await user.type(input, '311220262330');
    expect(input).toHaveValue('31/12/2026 23:30');
    expect(valueText()).toBe('2027-01-01T02:30:00.000Z');
  });

  it('says a date that does not exist is invalid, and holds no value', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Início' });
    await user.type(input, '31022026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Data de início Informe uma data válida');
    expect(valueText()).toBe('vazio');
  });

  it('shows a value set from outside in the portal’s format', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Carregar Natal' }));
    expect(screen.getByRole('textbox', { name: 'Início' })).toHaveValue('25/12/2026');
  });

  it('picks a day in a calendar that speaks the portal’s language', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-03-05T03:00:00.000Z" />);
    await user.click(screen.getByRole('button', { name: 'Escolher no calendário: Início' }));
    const calendar = screen.getByRole('dialog');
    expect(within(calendar).getByRole('grid', { name: 'março 2026' })).toBeInTheDocument();
    await user.click(within(calendar).getByRole('button', { name: /20 de março de 2026/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Início' })).toHaveValue('20/03/2026');
    expect(valueText()).toBe('2026-03-20T03:00:00.000Z');
  });

  it('leaves no timer running when it goes away with the focus in it', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    // The mask follows the caret with a timer, armed again and again while the input has focus.
    await user.type(screen.getByRole('textbox', { name: 'Início' }), '05');
    unmount();
    const wait = window.setTimeout.bind(window);
    const pause = () => new Promise((resolve) => wait(resolve, 50));
    await pause();
    const timers = vi.spyOn(window, 'setTimeout');
    await pause();
    expect(timers).not.toHaveBeenCalled();
  });

  it('reads and writes month first in English', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('textbox', { name: 'Início' });
    expect(input).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    await user.type(input, '03052026');
    expect(valueText()).toBe('2026-03-05T03:00:00.000Z');
    await user.click(screen.getByRole('button', { name: 'Pick from the calendar: Início' }));
    expect(within(screen.getByRole('dialog')).getByRole('grid', { name: 'March 2026' })).toBeInTheDocument();
  });
});
