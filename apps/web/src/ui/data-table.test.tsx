import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { DataTable, type DataColumn, type DataTableProps, type TableSort } from './data-table.tsx';

interface Person {
  id: number;
  name: string;
  age: number | null;
}

const people: Person[] = [
  { id: 1, name: 'Bruna', age: 41 },
  { id: 2, name: 'álvaro', age: null },
  { id: 3, name: 'Carlos', age: 29 },
];

const columns: DataColumn<Person>[] = [
  {
    id: 'name',
    header: 'Nome',
    cell: (person) => person.name,
    sortValue: (person) => person.name,
    rowHeader: true,
  },
  {
    id: 'age',
    header: 'Idade',
    cell: (person) => person.age ?? '—',
    sortValue: (person) => person.age,
    align: 'end',
  },
  { id: 'note', header: 'Observação', cell: () => 'Sem observação' },
];

function renderTable(props: Partial<DataTableProps<Person>> = {}) {
  return render(
    <DataTable
      caption="Colaboradores"
      columns={columns}
      rows={people}
      getRowId={(person) => String(person.id)}
      rowName={(person) => person.name}
      {...props}
    />,
  );
}

/** The names in the table's rows, top to bottom. */
function rowNames(): string[] {
  return screen.getAllByRole('rowheader').map((cell) => cell.textContent ?? '');
}

describe('DataTable', { timeout: 20_000 }, () => {
  it('is a captioned table whose rows are named by their heading cell', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Colaboradores' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Nome', 'Idade', 'Observação']);
    expect(screen.getByRole('row', { name: /Carlos/ })).toHaveTextContent('29');
    // The box that scrolls sideways on narrow screens can be reached with the keyboard.
    expect(screen.getByRole('region', { name: 'Colaboradores' })).toHaveAttribute('tabindex', '0');
  });

  it('sorts by a column from its heading button, by the keyboard too', async () => {
    const user = userEvent.setup();
    renderTable();
    expect(rowNames()).toEqual(['Bruna', 'álvaro', 'Carlos']);
    expect(screen.queryByRole('button', { name: /Observação/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nome' }));
    // Accents do not push a name to the end.
    expect(rowNames()).toEqual(['álvaro', 'Bruna', 'Carlos']);
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'ascending');

    screen.getByRole('button', { name: 'Nome' }).focus();
    await user.keyboard('{Enter}');
    expect(rowNames()).toEqual(['Carlos', 'Bruna', 'álvaro']);
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Idade' }));
    // Rows without a value go last.
    expect(rowNames()).toEqual(['Carlos', 'Bruna', 'álvaro']);
    expect(screen.getByRole('columnheader', { name: 'Nome' })).not.toHaveAttribute('aria-sort');
  });

  it('lets the caller keep the sort, leaving the order to the server', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    function ServerSorted() {
      const [sort, setSort] = useState<TableSort | null>({ id: 'age', desc: true });
      return (
        <DataTable
          caption="Colaboradores"
          columns={columns}
          rows={people}
          getRowId={(person) => String(person.id)}
          rowName={(person) => person.name}
          manualSorting
          sort={sort}
          onSortChange={(next) => {
            onSortChange(next);
            setSort(next);
          }}
        />
      );
    }
    render(<ServerSorted />);
    expect(screen.getByRole('columnheader', { name: 'Idade' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Idade' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'age', desc: false });
    expect(screen.getByRole('columnheader', { name: 'Idade' })).toHaveAttribute('aria-sort', 'ascending');
    // The rows stay in the order they came in.
    expect(rowNames()).toEqual(['Bruna', 'álvaro', 'Carlos']);
  });

  it('shows a spinner while the first rows load, then what an empty table says', () => {
    const { rerender } = renderTable({ rows: [], loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Carregando…');
    rerender(
      <DataTable
        caption="Colaboradores"
        columns={columns}
        rows={[]}
        getRowId={(person) => String(person.id)}
        rowName={(person) => person.name}
      />,
    );
    expect(screen.getByText('Nenhum resultado encontrado')).toBeInTheDocument();
  });

  it('says why the rows failed to load and offers to try again', async () => {
    const onRetry = vi.fn();
    renderTable({ rows: [], error: 'Tempo esgotado', onRetry });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os dados');
    expect(alert).toHaveTextContent('Tempo esgotado');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("groups each row's actions under the row's name", async () => {
    const onEdit = vi.fn();
    renderTable({
      rowActions: (person) => (
        <Button size="sm" onClick={() => onEdit(person.id)}>
          Editar
        </Button>
      ),
    });
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Ações de Carlos' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Editar' }));
    expect(onEdit).toHaveBeenCalledWith(3);
  });

  it('ticks rows, the whole page at once, and acts on them from the bulk bar', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    renderTable({
      selectable: true,
      bulkActions: ({ rows, clear }) => (
        <Button
          size="sm"
          onClick={() => {
            onDelete(rows.map((person) => person.id));
            clear();
          }}
        >
          Excluir selecionados
        </Button>
      ),
    });
    expect(screen.queryByRole('button', { name: 'Excluir selecionados' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Selecionar Bruna' }));
    expect(screen.getByRole('status')).toHaveTextContent('1 item selecionado');
    const selectAll = screen.getByRole('checkbox', { name: 'Selecionar todos desta página' });
    expect(selectAll).toBePartiallyChecked();

    await user.click(selectAll);
    expect(screen.getByRole('status')).toHaveTextContent('3 itens selecionados');
    expect(screen.getByRole('checkbox', { name: 'Selecionar Carlos' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Excluir selecionados' }));
    expect(onDelete).toHaveBeenCalledWith([1, 2, 3]);
    expect(screen.getByRole('checkbox', { name: 'Selecionar Carlos' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Limpar seleção' })).not.toBeInTheDocument();
  });
});

describe('DataTable pages', () => {
  const many: Person[] = Array.from({ length: 25 }, (_, index) => ({
    id: index + 1,
    name: `Pessoa ${String(index + 1).padStart(2, '0')}`,
    age: 20 + index,
  }));

  function Paged() {
    const [page, setPage] = useState(1);
    return (
      <DataTable
        caption="Colaboradores"
        columns={columns}
        rows={many}
        getRowId={(person) => String(person.id)}
        rowName={(person) => person.name}
        pagination={{ page, pageSize: 10, onPageChange: setPage }}
      />
    );
  }

  it('pages the rows it holds, sorting all of them before paging', async () => {
    const user = userEvent.setup();
    render(<Paged />);
    expect(rowNames()).toHaveLength(10);
    expect(screen.getByText('Exibindo 1 a 10 de 25 resultado(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(rowNames()).toEqual(['Pessoa 21', 'Pessoa 22', 'Pessoa 23', 'Pessoa 24', 'Pessoa 25']);
    await user.click(screen.getByRole('button', { name: 'Página 1' }));
    await user.click(screen.getByRole('button', { name: 'Nome' }));
    await user.click(screen.getByRole('button', { name: 'Nome' }));
    expect(rowNames()[0]).toBe('Pessoa 25');
  }, 20_000);
});
