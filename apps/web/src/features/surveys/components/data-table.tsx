import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

/** A column heading: its text and the classes it adds to the table's heading classes. */
export interface Column {
  label: ReactNode;
  className?: string;
}

/**
 * A table of the survey pages: a caption for screen readers, one row of column headings, and the
 * rows the caller gives (their first cell a row heading where a row names something).
 */
export function DataTable({
  caption,
  columns,
  headClassName,
  headingClassName,
  className,
  children,
}: {
  caption: string;
  columns: readonly Column[];
  /** Classes of the heading row (borders, colours). */
  headClassName: string;
  /** Classes of every column heading (padding, weight). */
  headingClassName: string;
  /** Classes of the box that scrolls the table sideways on narrow screens. */
  className?: string;
  children: ReactNode;
}) {
  const captionId = useId();
  // The box that scrolls sideways takes focus, so the keyboard can scroll it too (WCAG 2.1.1).
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={clsx(
        'overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        className,
      )}
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className={headClassName}>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={clsx(headingClassName, column.className)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A small rounded label (a status, 'Correta', 'Sua escolha'); its colours come from the caller. */
export function Badge({
  className,
  children,
  hidden,
}: {
  className: string;
  children: ReactNode;
  /** Hidden from screen readers where the same words are already read another way. */
  hidden?: boolean;
}) {
  return (
    <span
      aria-hidden={hidden ? true : undefined}
      className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', className)}
    >
      {children}
    </span>
  );
}
