import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { DataTable, type DataColumn } from './data-table.tsx';

// jsdom lays nothing out: these tests give the page a layout of their own. The table's box is
// `boxWidth` wide, each column heading takes 200 px, and a cut text (TruncatedText) needs 500 px
// where it has 200. ResizeObserver reports to every observer when `resizeTo` changes the width.
let boxWidth = 1100;
const observers = new Set<() => void>();

beforeEach(() => {
  boxWidth = 1100;
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly callback: () => void;
      constructor(callback: () => void) {
        this.callback = callback;
        observers.add(this.callback);
      }
      observe() {}
      unobserve() {}
      disconnect() {
        observers.delete(this.callback);
      }
    },
  );
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return this.classList.contains('truncate') ? 200 : boxWidth;
  });
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    if (this.classList.contains('truncate')) return 500;
    if (this.getAttribute('role') === 'region') return this.querySelectorAll('th[scope="col"]').length * 200;
    return boxWidth;
  });
});

afterEach(() => {
  observers.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function resizeTo(width: number) {
  boxWidth = width;
  act(() => observers.forEach((report) => report()));
}

interface Person {
  id: number;
  name: string;
  email: string;
  age: number;
  note: string;
}

const people: Person[] = [
  { id: 1, name: 'Bruna', email: 'bruna.mendes.de.albuquerque@empresa.example', age: 41, note: 'Férias' },
  { id: 2, name: 'Carlos', email: 'carlos@empresa.example', age: 29, note: 'Remoto' },
];

const columns: DataColumn<Person>[] = [
  { id: 'name', header: 'Nome', cell: (person) => person.name, rowHeader: true },
  { id: 'email', header: 'E-mail', cell: (person) => person.email, truncate: true },
  {
    id: 'age',
    header: 'Idade',
    cell: (person) => person.age,
    sortValue: (person) => person.age,
    priority: 2,
  },
  { id: 'note', header: 'Observação', cell: (person) => person.note, priority: 3 },
];

function renderTable() {
  return render(
    <DataTable
      caption="Colaboradores"
      columns={columns}
      rows={people}
      getRowId={(person) => String(person.id)}
      rowName={(person) => person.name}
      rowActions={(person) => <Button size="sm">{`Editar ${person.name}`}</Button>}
    />,
  );
}

/** The column headings the table shows, left to right. */
function headings(): string[] {
  return screen.getAllByRole('columnheader').map((heading) => heading.textContent ?? '');
}

describe('DataTable in the width it has', { timeout: 20_000 }, () => {
  it('hides the least important columns first while wider than its box, and brings them back', () => {
    // Five headings (four columns and the actions) need 1,000 px.
    renderTable();
    expect(headings()).toEqual(['Nome', 'E-mail', 'Idade', 'Observação', 'Ações']);

    resizeTo(900);
    expect(headings()).toEqual(['Nome', 'E-mail', 'Idade', 'Ações']);
    expect(screen.queryByText('Férias')).not.toBeInTheDocument();

    resizeTo(700);
    expect(headings()).toEqual(['Nome', 'E-mail', 'Ações']);
    expect(screen.getByRole('button', { name: 'Editar Bruna' })).toBeInTheDocument();

    resizeTo(1100);
    expect(headings()).toEqual(['Nome', 'E-mail', 'Idade', 'Observação', 'Ações']);
  });

  it('cuts a long text with its whole text on hover (title) and on keyboard focus', async () => {
    const user = userEvent.setup();
    renderTable();
    const email = screen.getByText('bruna.mendes.de.albuquerque@empresa.example');
    expect(email).toHaveAttribute('title', 'bruna.mendes.de.albuquerque@empresa.example');

    // In the tab order after the table's box and the sortable heading before it.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(email).toHaveFocus();
    expect(screen.getAllByText('bruna.mendes.de.albuquerque@empresa.example')).toHaveLength(2);
    await user.keyboard('{Escape}');
    expect(screen.getAllByText('bruna.mendes.de.albuquerque@empresa.example')).toHaveLength(1);
  });

  it('shows each row as a card with every column and its actions in a narrow box', async () => {
    const user = userEvent.setup();
    boxWidth = 358;
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Colaboradores' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const bruna = cards[0]!;
    expect(within(bruna).getByText('Bruna')).toBeInTheDocument();
    // Even the least important column: a card has room for it, one under the other.
    expect(
      within(bruna)
        .getAllByRole('term')
        .map((label) => label.textContent),
    ).toEqual(['E-mail', 'Idade', 'Observação']);
    expect(
      within(bruna)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['bruna.mendes.de.albuquerque@empresa.example', '41', 'Férias']);
    expect(
      within(within(bruna).getByRole('group', { name: 'Ações de Bruna' })).getByRole('button', {
        name: 'Editar Bruna',
      }),
    ).toBeInTheDocument();

    // The headings' sort, as one choice.
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Idade (crescente)');
    const sorted = within(screen.getByRole('list', { name: 'Colaboradores' })).getAllByRole('listitem');
    expect(within(sorted[0]!).getByText('Carlos')).toBeInTheDocument();

    resizeTo(1100);
    expect(screen.getByRole('table', { name: 'Colaboradores' })).toBeInTheDocument();
  });
});
