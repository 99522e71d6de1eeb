import type { ReactNode } from 'react';
import { InboxIcon } from './icons.tsx';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A way forward (a link or button). */
  action?: ReactNode;
  /** Heading level of the title: 2 under a page's h1, 1 when it is the page's only heading. */
  headingLevel?: 1 | 2 | 3;
}

/** What a page shows when it has nothing to show yet. */
export function EmptyState({ title, description, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <InboxIcon width={40} height={40} className="text-slate-500" />
      <Heading className="text-lg font-semibold text-font-primary">{title}</Heading>
      {description && <p className="max-w-md text-font-secondary">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
