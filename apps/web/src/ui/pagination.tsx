import { limits } from '@elo/contract/limits';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from './button.tsx';

/**
 * The page numbers a pagination bar shows: at most `size` of them (spec section 9: a window of 9),
 * the current page in the middle where the ends allow it.
 */
export function paginationWindow(options: { page: number; pageCount: number; size?: number }): number[] {
  const size = options.size ?? limits.tablePaginationWindow;
  const pageCount = Math.max(0, Math.floor(options.pageCount));
  if (pageCount === 0) return [];
  const page = Math.min(Math.max(1, options.page), pageCount);
  const first = Math.max(1, Math.min(page - Math.floor((size - 1) / 2), pageCount - size + 1));
  const last = Math.min(pageCount, first + size - 1);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

// The placeholders of the spec's text and of its translations: [INICIO]/[START], [FIM]/[END]/[FIN].
const placeholders = [
  [/\[(?:INICIO|START)\]/g, 'start'],
  [/\[(?:FIM|END|FIN)\]/g, 'end'],
  [/\[TOTAL\]/g, 'total'],
] as const;

/**
 * 'Exibindo [INICIO] a [FIM] de [TOTAL] resultado(s)' with its numbers: the first and last row
 * shown and the total. `template` is a company's own text (textoPaginacaoTabela) when it has one.
 */
export function paginationSummary(
  template: string,
  numbers: { start: number; end: number; total: number },
  language?: string,
): string {
  const formatter = new Intl.NumberFormat(language);
  return placeholders.reduce(
    (text, [pattern, key]) => text.replace(pattern, formatter.format(numbers[key])),
    template,
  );
}

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  pageSize: number;
  /** Rows across every page. */
  total: number;
  onPageChange: (page: number) => void;
  /** A company's own summary text, with the spec's placeholders; the translated default otherwise. */
  summaryTemplate?: string | null;
  className?: string;
}

const pageButtonClass =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500';

/** Where the reader is among the pages: the rows shown, previous, up to 9 page numbers, next. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  summaryTemplate,
  className,
}: PaginationProps) {
  const { t, i18n } = useTranslation();
  if (total <= 0) return null;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * pageSize + 1;
  const end = Math.min(total, current * pageSize);
  return (
    <div className={clsx('flex flex-col items-center gap-3 sm:flex-row sm:justify-between', className)}>
      <p className="text-sm text-slate-700">
        {paginationSummary(
          summaryTemplate || t('kit.pagination.summary'),
          { start, end, total },
          i18n.language,
        )}
      </p>
      {pageCount > 1 && (
        <nav aria-label={t('kit.pagination.label')}>
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              <button
                type="button"
                className={buttonClassName({ variant: 'tertiary', size: 'md' })}
                disabled={current === 1}
                onClick={() => onPageChange(current - 1)}
              >
                {t('kit.pagination.previous')}
              </button>
            </li>
            {paginationWindow({ page: current, pageCount }).map((number) => (
              <li key={number}>
                <button
                  type="button"
                  aria-label={t('kit.pagination.page', { page: number })}
                  aria-current={number === current ? 'page' : undefined}
                  className={clsx(
                    pageButtonClass,
                    number === current
                      ? 'bg-primary-600 text-on-primary'
                      : 'text-primary-ink hover:bg-primary-50 active:bg-primary-100',
                  )}
                  onClick={() => number !== current && onPageChange(number)}
                >
                  {number}
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className={buttonClassName({ variant: 'tertiary', size: 'md' })}
                disabled={current === pageCount}
                onClick={() => onPageChange(current + 1)}
              >
                {t('kit.pagination.next')}
              </button>
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
