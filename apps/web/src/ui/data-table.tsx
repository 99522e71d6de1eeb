import {
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import clsx from 'clsx';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { SortIcon } from './kit-icons.tsx';
import { Pagination } from './pagination.tsx';
import { Spinner } from './spinner.tsx';
import { TableFrame } from './table-frame.tsx';
import { LoadFailedAlert } from './load-failed-alert.tsx';

/** A value a column sorts by. */
export type SortValue = string | number | Date | null | undefined;

/** A column the caller declares: its heading, how a row's cell shows, and how it sorts. */
export interface DataColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The value the table sorts the rows by; a column with one can be sorted. */
  sortValue?: (row: Row) => SortValue;
  /** Sortable without a sortValue: the server sorts (see `manualSorting`). */
  sortable?: boolean;
  /** This cell names the row: it becomes the row's heading (`th scope="row"`). */
  rowHeader?: boolean;
  align?: 'start' | 'end';
  /** Classes of this column's cells. */
  className?: string;
}

/** The sorted column and its direction. */
export interface TableSort {
  id: string;
  desc: boolean;
}

/** What the bulk-actions bar acts on. */
export interface TableSelection<Row> {
  rows: Row[];
  /** Unticks every row, for after the action. */
  clear: () => void;
}

/** What the table needs of the query that reads its rows. */
export interface TableQuery {
  data: unknown;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A table's loading, error and retry from the query that reads its rows: busy while it reads, and
 * its error only when there are no rows to show (a failed refresh keeps the rows on screen).
 */
export function tableStateOf(query: TableQuery) {
  return {
    loading: query.isPending || query.isFetching,
    error: query.error && !query.data ? query.error.message : undefined,
    onRetry: () => void query.refetch(),
  };
}

export interface DataTableProps<Row> {
  /** Says what the table holds; read by screen readers, shown when `showCaption`. */
  caption: string;
  showCaption?: boolean;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** A row's name in the labels of its checkbox and its actions. */
  rowName: (row: Row) => string;
  /** The rows are loading: a spinner when there are none yet, a busy table while they change. */
  loading?: boolean;
  /** Why the rows could not be loaded; shown in place of the rows with a retry button. */
  error?: ReactNode;
  onRetry?: () => void;
  /** What an empty table says; 'Nenhum resultado encontrado' by default. */
  empty?: ReactNode;
  /** The sort, when the caller keeps it (in the URL, for the server); the table keeps it otherwise. */
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort | null) => void;
  /** The rows come sorted (by the server): the table only shows and changes the sort. */
  manualSorting?: boolean;
  /**
   * Pages of rows with the pagination bar under the table. Without `total` the table pages the
   * rows it was given; with it, `rows` is the page the server sent and `total` counts them all.
   */
  pagination?: { page: number; pageSize: number; onPageChange: (page: number) => void; total?: number };
  /** The controls of a row (links, buttons), in a group named after the row. */
  rowActions?: (row: Row) => ReactNode;
  /** The name of a row's actions group; 'Ações de {name}' by default. */
  rowActionsLabel?: (row: Row) => string;
  /** Rows get checkboxes (and the heading one that ticks the whole page). */
  selectable?: boolean;
  /** The buttons of the bar that appears while rows are ticked. */
  bulkActions?: (selection: TableSelection<Row>) => ReactNode;
  className?: string;
}

const collators = new Map<string, Intl.Collator>();

/** Orders two sort values: words by the page's language (accents, numbers), then numbers, dates; empty last. */
function compareSortValues(left: SortValue, right: SortValue, language: string): number {
  const empty = (value: SortValue) => value === null || value === undefined || value === '';
  if (empty(left) || empty(right)) return Number(empty(left)) - Number(empty(right));
  if (typeof left === 'string' && typeof right === 'string') {
    let collator = collators.get(language);
    if (!collator) {
      collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
      collators.set(language, collator);
    }
    return collator.compare(left, right);
  }
  return Number(left) - Number(right);
}

function toSorting(sort: TableSort | null | undefined): SortingState {
  return sort ? [sort] : [];
}

const cellClass = 'px-4 py-3 align-top';

/**
 * The administration's table: columns declared by the caller, sortable headings (buttons, with
 * aria-sort), loading, empty and error states, row actions and optional row selection with a
 * bulk-actions bar. It scrolls sideways inside its own box on narrow screens.
 */
export function DataTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  getRowId,
  rowName,
  loading = false,
  error,
  onRetry,
  empty,
  sort,
  onSortChange,
  manualSorting = false,
  pagination,
  rowActions,
  rowActionsLabel,
  selectable = false,
  bulkActions,
  className,
}: DataTableProps<Row>) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [ownSorting, setOwnSorting] = useState<SortingState>([]);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const sorting = sort === undefined ? ownSorting : toSorting(sort);

  const columnDefs = useMemo(
    () =>
      columns.map((column): ColumnDef<Row, SortValue> => ({
        id: column.id,
        accessorFn: column.sortValue ?? (() => null),
        enableSorting: Boolean(column.sortValue || column.sortable),
        sortingFn: (left, right, id) =>
          compareSortValues(left.getValue<SortValue>(id), right.getValue<SortValue>(id), language),
      })),
    [columns, language],
  );

  const changeSorting = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater;
    if (sort === undefined) setOwnSorting(next);
    onSortChange?.(next[0] ? { id: next[0].id, desc: next[0].desc } : null);
  };

  // TanStack Table keeps its state outside React's rules; the table is rebuilt from these options.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows as Row[],
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    state: {
      sorting,
      rowSelection,
      ...(pagination && { pagination: { pageIndex: pagination.page - 1, pageSize: pagination.pageSize } }),
    },
    onSortingChange: changeSorting,
    onRowSelectionChange: setRowSelection,
    enableRowSelection: selectable,
    enableSortingRemoval: false,
    sortDescFirst: false,
    manualSorting,
    manualPagination: !pagination || pagination.total !== undefined,
    getPaginationRowModel: getPaginationRowModel(),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  const tableRows = table.getRowModel().rows;
  const selectedRows = selectable ? table.getSelectedRowModel().rows.map((row) => row.original) : [];
  const columnCount = columns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
  const clearSelection = () => setRowSelection({});

  let state: ReactNode = null;
  if (error) {
    state = <LoadFailedAlert onRetry={onRetry}>{error}</LoadFailedAlert>;
  } else if (tableRows.length === 0) {
    state = loading ? (
      <Spinner label={t('kit.table.loading')} className="text-primary-ink" />
    ) : (
      <p className="text-font-secondary">{empty ?? t('kit.table.empty')}</p>
    );
  }

  return (
    <div className={clsx('flex flex-col gap-3', className)}>
      {selectable && (
        <div
          className={clsx(
            'flex flex-wrap items-center gap-3 rounded-md bg-primary-50 px-4 py-2',
            selectedRows.length === 0 && 'sr-only',
          )}
        >
          <p role="status" className="text-sm font-medium text-slate-900">
            {selectedRows.length > 0 ? t('kit.table.selected', { count: selectedRows.length }) : ''}
          </p>
          {selectedRows.length > 0 && (
            <>
              {bulkActions?.({ rows: selectedRows, clear: clearSelection })}
              <Button size="sm" variant="tertiary" onClick={clearSelection}>
                {t('kit.table.clearSelection')}
              </Button>
            </>
          )}
        </div>
      )}
      <TableFrame
        caption={caption}
        captionClassName={showCaption ? 'px-4 py-3 text-left font-semibold text-slate-900' : 'sr-only'}
        className="max-w-full rounded-lg border border-slate-200 bg-white"
        busy={loading}
        headClassName="border-b border-slate-300 bg-slate-50 text-slate-800"
        headings={
          <>
            {selectable && (
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  type="checkbox"
                  aria-label={t('kit.table.selectAll')}
                  className="size-4 accent-primary-600"
                  checked={tableRows.length > 0 && table.getIsAllPageRowsSelected()}
                  ref={(input) => {
                    if (input) input.indeterminate = table.getIsSomePageRowsSelected();
                  }}
                  disabled={tableRows.length === 0}
                  onChange={table.getToggleAllPageRowsSelectedHandler()}
                />
              </th>
            )}
            {columns.map((column) => {
              const tableColumn = table.getColumn(column.id);
              const direction = tableColumn?.getIsSorted() ?? false;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={
                    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                  }
                  className={clsx(
                    'px-4 py-3 font-semibold whitespace-nowrap',
                    column.align === 'end' && 'text-right',
                  )}
                >
                  {tableColumn?.getCanSort() ? (
                    <button
                      type="button"
                      onClick={tableColumn.getToggleSortingHandler()}
                      className="-mx-1 inline-flex items-center gap-1 rounded px-1 font-semibold hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-primary-500"
                    >
                      {column.header}
                      <SortIcon sort={direction} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
            {rowActions && (
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('kit.table.actions')}
              </th>
            )}
          </>
        }
      >
        {state ? (
          <tr>
            <td colSpan={columnCount} className="px-4 py-8 text-center">
              {state}
            </td>
          </tr>
        ) : (
          tableRows.map((row) => {
            const name = rowName(row.original);
            return (
              <tr
                key={row.id}
                className={clsx(
                  'border-b border-slate-100 last:border-b-0',
                  row.getIsSelected() && 'bg-primary-50',
                )}
              >
                {selectable && (
                  <td className={cellClass}>
                    <input
                      type="checkbox"
                      aria-label={t('kit.table.selectRow', { name })}
                      className="size-4 accent-primary-600"
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                )}
                {columns.map((column) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.id}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={clsx(
                        cellClass,
                        column.rowHeader ? 'font-medium text-slate-900' : 'text-slate-800',
                        column.align === 'end' && 'text-right tabular-nums',
                        column.className,
                      )}
                    >
                      {column.cell(row.original)}
                    </Cell>
                  );
                })}
                {rowActions && (
                  <td className={cellClass}>
                    <div
                      role="group"
                      aria-label={rowActionsLabel?.(row.original) ?? t('kit.table.actionsFor', { name })}
                      className="flex flex-wrap gap-2"
                    >
                      {rowActions(row.original)}
                    </div>
                  </td>
                )}
              </tr>
            );
          })
        )}
      </TableFrame>
      {pagination && !error && (
        <Pagination
          page={pagination.page}
          pageSize={pagination.pageSize}
          total={pagination.total ?? rows.length}
          onPageChange={pagination.onPageChange}
        />
      )}
    </div>
  );
}
