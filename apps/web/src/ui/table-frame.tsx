import clsx from 'clsx';
import { useId, type ReactNode, type Ref } from 'react';

/**
 * A table in a box that scrolls sideways on narrow screens, named by its caption: the frame of the
 * administration's DataTable and of the surveys' results (the options' shares, the individual
 * answers). The caller gives the heading row's cells and the body's rows.
 */
export function TableFrame({
  caption,
  captionClassName = 'sr-only',
  className,
  busy = false,
  headClassName,
  headings,
  children,
  frameRef,
}: {
  /** Says what the table holds; read by screen readers, and shown with a `captionClassName`. */
  caption: ReactNode;
  captionClassName?: string;
  /** Classes of the box that scrolls (a border, a background, a margin). */
  className?: string;
  /** The rows are changing (aria-busy). */
  busy?: boolean;
  /** Classes of the heading row (borders, colours). */
  headClassName: string;
  /** The heading row's cells. */
  headings: ReactNode;
  children: ReactNode;
  /** The box that scrolls, for a caller that measures whether the table fits it. */
  frameRef?: Ref<HTMLDivElement>;
}) {
  const captionId = useId();
  // The box that scrolls sideways takes focus, so the keyboard can scroll it too (WCAG 2.1.1).
  return (
    <div
      ref={frameRef}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={clsx(
        'overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        className,
      )}
    >
      <table className="w-full text-left text-sm" aria-busy={busy || undefined}>
        <caption id={captionId} className={captionClassName}>
          {caption}
        </caption>
        <thead className={headClassName}>
          <tr>{headings}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A plain column heading: its text and the classes it adds to the table's heading classes. */
export interface ColumnHeading {
  label: ReactNode;
  className?: string;
}

/** The heading cells of a table whose columns only have a title (no sorting). */
export function ColumnHeadings({
  columns,
  className,
}: {
  columns: readonly ColumnHeading[];
  /** Classes of every column heading (padding, weight). */
  className: string;
}) {
  return columns.map((column, index) => (
    <th key={index} scope="col" className={clsx(className, column.className)}>
      {column.label}
    </th>
  ));
}
