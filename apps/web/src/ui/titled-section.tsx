import { useId, type ReactNode } from 'react';

export interface TitledSectionProps {
  title: ReactNode;
  /** The heading's id (the section is labelled by it); one is made up when none is given. */
  id?: string;
  /** The heading's level: 2 under a page's h1, 3 inside a tab. */
  level?: 2 | 3;
  /** A gap under the heading, for content that does not space itself. */
  headingGap?: boolean;
  className?: string;
  children: ReactNode;
}

/** A part of a page named by its heading, so that screen readers list it among the page's regions. */
export function TitledSection({ title, id, level = 2, headingGap, className, children }: TitledSectionProps) {
  const generatedId = useId();
  const headingId = id ?? generatedId;
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading
        id={headingId}
        className={
          headingGap ? 'mb-3 text-lg font-semibold text-slate-900' : 'text-lg font-semibold text-slate-900'
        }
      >
        {title}
      </Heading>
      {children}
    </section>
  );
}
