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
import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { SortIcon } from './kit-icons.tsx';
import { Pagination } from './pagination.tsx';
import { Spinner } from './spinner.tsx';
import { TableFrame } from './table-frame.tsx';
import { LoadFailedAlert } from './load-failed-alert.tsx';
import { SelectField } from './select-field.tsx';
import { TruncatedText } from './truncated-text.tsx';
import { useElementWidth } from './use-element-width.ts';

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
  /**
   * How long the column stays when the table does not fit its box: columns without one (or 1)
   * always show; the highest number hides first, then the next. Name columns, actions and
   * anything a row cannot be told apart without keep 1; a narrow screen shows every column in
   * its card.
   */
  priority?: number;
  /** Long text (an e-mail, a name) is cut with an ellipsis, whole on hover and on focus. */
  truncate?: boolean;
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

/** Below this width (in pixels) of its box, the table shows each row as a card. */
export const cardsBelowWidth = 640;

/** The priorities that hide, the first to hide first. */
function hidingLevels<Row>(columns: readonly DataColumn<Row>[]): number[] {
  const levels = new Set(columns.map((column) => column.priority ?? 1).filter((level) => level > 1));
  return [...levels].sort((left, right) => right - left);
}

/**
 * The administration's table: columns declared by the caller, sortable headings (buttons, with
 * aria-sort), loading, empty and error states, row actions and optional row selection with a
 * bulk-actions bar. It fits the page's width: where it would be wider than its box, long texts
 * are cut (`truncate`) and the least important columns hide (`priority`); in a box narrower than
 * `cardsBelowWidth` each row is a card with every column and every action. What is still wider
 * scrolls sideways inside the table's own box.
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
  const boxRef = useRef<HTMLDivElement>(null);
  const cardsCaptionId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(boxRef);
  const cards = width > 0 && width < cardsBelowWidth;
  const levels = useMemo(() => hidingLevels(columns), [columns]);
  // How many priority levels are hidden, for the width and rows it was measured with.
  const [fit, setFit] = useState<{ width: number; rows: readonly Row[]; hidden: number }>({
    width: 0,
    rows,
    hidden: 0,
  });
  const hidden = fit.width === width && fit.rows === rows ? fit.hidden : 0;
  const hiddenLevels = levels.slice(0, hidden);
  const shownColumns = cards
    ? columns
    : columns.filter((column) => !hiddenLevels.includes(column.priority ?? 1));
  // Before the browser paints: while the table is wider than its box, hide the next level. Each
  // step renders again at once, so the table shows only as it fits.
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame || cards || width === 0 || hidden >= levels.length) return;
    if (frame.scrollWidth > frame.clientWidth + 1) setFit({ width, rows, hidden: hidden + 1 });
  }, [cards, width, hidden, levels.length, rows]);

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
  const columnCount = shownColumns.length + (selectable ? 1 : 0) + (rowActions ? 1 : 0);
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

  const sortableColumns = columns.filter((column) => table.getColumn(column.id)?.getCanSort());
  const currentSort = sorting[0] ? `${sorting[0].id}:${sorting[0].desc ? 'desc' : 'asc'}` : '';
  const rowCards = (
    <div className="flex flex-col gap-3">
      <p id={cardsCaptionId} className={showCaption ? 'font-semibold text-slate-900' : 'sr-only'}>
        {caption}
      </p>
      {/* The headings' sort buttons, for the cards: one choice of column and direction. */}
      {sortableColumns.length > 0 && (
        <SelectField
          label={t('kit.table.sortBy')}
          placeholder={t('kit.table.unsorted')}
          value={currentSort}
          onChange={(event) => {
            const [id = '', direction] = event.target.value.split(':');
            changeSorting(id ? [{ id, desc: direction === 'desc' }] : []);
          }}
          options={sortableColumns.flatMap((column) => [
            { value: `${column.id}:asc`, label: t('kit.table.sortAscending', { column: column.header }) },
            { value: `${column.id}:desc`, label: t('kit.table.sortDescending', { column: column.header }) },
          ])}
        />
      )}
      {selectable && tableRows.length > 0 && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-primary-600"
            checked={table.getIsAllPageRowsSelected()}
            ref={(input) => {
              if (input) input.indeterminate = table.getIsSomePageRowsSelected();
            }}
            onChange={table.getToggleAllPageRowsSelectedHandler()}
          />
          {t('kit.table.selectAll')}
        </label>
      )}
      {state ? (
        <div className="rounded-lg border border-slate-200 bg-white px-4 py-8 text-center">{state}</div>
      ) : (
        <ul aria-labelledby={cardsCaptionId} aria-busy={loading || undefined} className="flex flex-col gap-3">
          {tableRows.map((row) => {
            const name = rowName(row.original);
            const heading = columns.find((column) => column.rowHeader);
            return (
              <li
                key={row.id}
                className={clsx(
                  'rounded-lg border border-slate-200 p-4',
                  row.getIsSelected() ? 'bg-primary-50' : 'bg-white',
                )}
              >
                <div className="flex items-start gap-3">
                  {selectable && (
                    <input
                      type="checkbox"
                      aria-label={t('kit.table.selectRow', { name })}
                      className="mt-1 size-4 shrink-0 accent-primary-600"
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  )}
                  <div className="min-w-0 flex-1">
                    {heading && (
                      <p className="font-medium [overflow-wrap:anywhere] text-slate-900">
                        {heading.cell(row.original)}
                      </p>
                    )}
                    <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                      {columns
                        .filter((column) => column !== heading)
                        .map((column) => (
                          <div key={column.id} className="contents">
                            <dt className="text-slate-600">{column.header}</dt>
                            <dd className="[overflow-wrap:anywhere] text-slate-800">
                              {column.cell(row.original)}
                            </dd>
                          </div>
                        ))}
                    </dl>
                  </div>
                </div>
                {rowActions && (
                  <div
                    role="group"
                    aria-label={rowActionsLabel?.(row.original) ?? t('kit.table.actionsFor', { name })}
                    className="mt-3 flex flex-wrap gap-2"
                  >
                    {rowActions(row.original)}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );

  return (
    <div ref={boxRef} className={clsx('flex min-w-0 flex-col gap-3', className)}>
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
      {cards ? (
        rowCards
      ) : (
        <TableFrame
          frameRef={frameRef}
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
              {shownColumns.map((column) => {
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
                  {shownColumns.map((column) => {
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
                        {column.truncate ? (
                          <TruncatedText className="max-w-64">{column.cell(row.original)}</TruncatedText>
                        ) : (
                          column.cell(row.original)
                        )}
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
      )}
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
