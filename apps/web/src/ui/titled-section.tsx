import clsx from 'clsx';
import { useId, type ReactNode } from 'react';

export interface TitledSectionProps {
  title: ReactNode;
  /** The heading's id (the section is labelled by it); one is made up when none is given. */
  id?: string;
  /** The heading's level: 2 under a page's h1, 3 inside a tab. */
  level?: 2 | 3;
  /** A gap under the heading, for content that does not space itself. */
  headingGap?: boolean;
  /** The heading in the company's font colour (the portal's pages), not the administration's. */
  themed?: boolean;
  className?: string;
  children: ReactNode;
}

/** A part of a page named by its heading, so that screen readers list it among the page's regions. */
export function TitledSection({
  title,
  id,
  level = 2,
  headingGap,
  themed,
  className,
  children,
}: TitledSectionProps) {
  const generatedId = useId();
  const headingId = id ?? generatedId;
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading
        id={headingId}
        className={clsx(
          headingGap && 'mb-3',
          'text-lg font-semibold',
          themed ? 'text-font-primary' : 'text-slate-900',
        )}
      >
        {title}
      </Heading>
      {children}
    </section>
  );
}
