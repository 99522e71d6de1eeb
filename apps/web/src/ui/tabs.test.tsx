import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs.tsx';

const items = [
  { value: 'dados', label: 'Dados', content: <p>Nome e e-mail</p> },
  { value: 'grupos', label: 'Grupos', content: <p>Grupos do usuário</p> },
  { value: 'permissoes', label: 'Permissões', content: <p>Permissões do usuário</p> },
];

describe('Tabs', { timeout: 20_000 }, () => {
  it('shows the first panel, named by its tab', () => {
    render(<Tabs label="Cadastro do usuário" items={items} />);
    expect(screen.getByRole('tablist', { name: 'Cadastro do usuário' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dados' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Dados' })).toHaveTextContent('Nome e e-mail');
  });

  it('moves between tabs with the arrow keys and End', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Cadastro do usuário" items={items} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Dados' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Grupos' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Grupos do usuário');
    await user.keyboard('{End}');
    expect(screen.getByRole('tabpanel', { name: 'Permissões' })).toBeInTheDocument();
  });

  it('follows a tab kept by the caller', async () => {
    function Controlled() {
      const [tab, setTab] = useState('grupos');
      return (
        <>
          <p>Aberta: {tab}</p>
          <Tabs label="Cadastro" items={items} value={tab} onValueChange={setTab} />
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tabpanel', { name: 'Grupos' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Permissões' }));
    expect(screen.getByText('Aberta: permissoes')).toBeInTheDocument();
  });
});
