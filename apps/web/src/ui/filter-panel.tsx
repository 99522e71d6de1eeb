import clsx from 'clsx';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from './icons.tsx';
import { useMediaQuery, wideScreenQuery } from './use-media-query.ts';

/**
 * A list page's filters: open beside the table on a wide screen; on a narrow one folded behind a
 * 'Filtros' button (aria-expanded) that opens and closes them, so the rows come first.
 */
export function FilterPanel({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  const wide = useMediaQuery(wideScreenQuery);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (wide) return <div className={className}>{children}</div>;
  return (
    <div className="mb-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className={clsx(
          'inline-flex min-h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800',
          'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500',
        )}
      >
        {t('kit.filters.toggle')}
        <ChevronDownIcon className={clsx('transition-transform', open && 'rotate-180')} />
      </button>
      <div id={panelId} hidden={!open} className={clsx('mt-3', className)}>
        {children}
      </div>
    </div>
  );
}
