import clsx from 'clsx';

export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

/**
 * A busy indicator announced politely to screen readers. It is `relative` so that its label, placed
 * absolutely for screen readers only, stays inside it: inside a table that scrolls sideways the
 * label would otherwise escape the scrolling box and widen the page (seen at 390 px).
 */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  return (
    <div role="status" className={clsx('relative inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className={clsx(
          'inline-block animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none',
          sizes[size],
        )}
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A spinner centred in the page, while a whole page or area loads. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-primary-ink">
      <Spinner label={label} size="lg" />
    </div>
  );
}
