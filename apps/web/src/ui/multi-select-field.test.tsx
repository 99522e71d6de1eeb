import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiSelectField } from './multi-select-field.tsx';

const groups = [
  { value: '10', label: 'Todos' },
  { value: '11', label: 'Marketing' },
  { value: '12', label: 'São Paulo' },
  { value: '13', label: 'Financeiro' },
];

function Harness({ initial = [] as string[], error }: { initial?: string[]; error?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <MultiSelectField
        label="Grupos"
        hint="Até 3 grupos."
        error={error}
        required
        options={groups}
        value={value}
        onChange={setValue}
      />
      <p data-testid="value">{value.join(',')}</p>
    </>
  );
}

describe('MultiSelectField', { timeout: 20_000 }, () => {
  it('is a group named by its label and described by its hint and error', () => {
    render(<Harness error="Selecione ao menos um grupo" />);
    const group = screen.getByRole('group', { name: /^Grupos\s*\(obrigatório\)$/ });
    expect(group).toHaveAccessibleDescription('Até 3 grupos. Selecione ao menos um grupo');
    expect(within(group).getByText('Nenhum item escolhido')).toBeInTheDocument();
  });

  it('chooses with the keyboard and shows the choices as chips, in the list order', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Financeiro' }));
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByRole('checkbox', { name: 'Marketing' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByTestId('value')).toHaveTextContent('11,13');
    expect(screen.getByRole('button', { name: 'Remover Marketing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover Financeiro' })).toBeInTheDocument();
  });

  it('filters the list ignoring accents and case', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const filter = screen.getByRole('searchbox', { name: 'Filtrar opções de Grupos' });
    await user.type(filter, 'sao{Enter}');
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'São Paulo' })).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'xyz');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByText('Nenhuma opção encontrada')).toBeInTheDocument();
  });

  it('removes a choice from its chip and keeps focus in the field', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['10', '12']} />);
    await user.click(screen.getByRole('button', { name: 'Remover Todos' }));
    expect(screen.getByTestId('value')).toHaveTextContent(/^12$/);
    expect(screen.getByRole('checkbox', { name: 'Todos' })).not.toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Filtrar opções de Grupos' })).toHaveFocus();
  });
});
