import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { ColumnHeadings, TableFrame } from '#ui/table-frame.tsx';

/** One option's share of a question's answers. */
export interface OptionResult {
  idPesquisaResposta: number;
  descricao: string;
  qtd: number;
  percentual: number;
  flCorreta: 'S' | 'N';
}

/** A bar drawing a percentage, hidden from screen readers (the number is always written beside it). */
export function ShareBar({
  percent,
  className,
  correct = false,
}: {
  percent: number;
  className?: string;
  /** A quiz's correct option is drawn in green. */
  correct?: boolean;
}) {
  return (
    <div aria-hidden="true" className={clsx('h-3 overflow-hidden rounded-full bg-slate-100', className)}>
      <div
        className={clsx('h-full rounded-full', correct ? 'bg-green-700' : 'bg-primary-600')}
        style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
      />
    </div>
  );
}

/** A small rounded label ('Correta', 'Sua escolha'); its colours come from the caller. */
function Badge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', className)}>{children}</span>
  );
}

/**
 * A question's results as a table whose percentage column carries a bar: the numbers are the
 * table's (read by screen readers cell by cell), the bars only draw them (hidden from them).
 */
export function OptionResults({
  caption,
  options,
  showCorrect,
  chosenIds = [],
}: {
  caption: string;
  options: readonly OptionResult[];
  /** A quiz marks its correct options. */
  showCorrect: boolean;
  /** The signed-in user's own choices, marked as theirs. */
  chosenIds?: readonly number[];
}) {
  const { t } = useTranslation();
  const percent = new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 1 });
  return (
    <TableFrame
      caption={caption}
      headClassName="border-b border-slate-300 text-slate-700"
      headings={
        <ColumnHeadings
          className="py-2 pr-3 font-medium"
          columns={[
            { label: t('portal.surveys.results.option') },
            { label: t('portal.surveys.results.count'), className: 'w-24 text-right' },
            { label: t('portal.surveys.results.share'), className: 'w-2/5' },
          ]}
        />
      }
    >
      {options.map((option) => {
        const correct = showCorrect && option.flCorreta === 'S';
        const chosen = chosenIds.includes(option.idPesquisaResposta);
        return (
          <tr key={option.idPesquisaResposta} className="border-b border-slate-100 align-middle">
            <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-900">
              <span>{option.descricao}</span>
              {correct && (
                <Badge className="ml-2 bg-green-100 text-green-900">
                  {t('portal.surveys.results.correct')}
                </Badge>
              )}
              {chosen && (
                <Badge className="ml-2 bg-primary-50 text-primary-ink">
                  {t('portal.surveys.results.yourChoice')}
                </Badge>
              )}
            </th>
            <td className="py-2 pr-3 text-right text-slate-900 tabular-nums">{option.qtd}</td>
            <td className="py-2">
              <div className="flex items-center gap-2">
                <ShareBar percent={option.percentual} className="flex-1" correct={correct} />
                <span className="w-14 text-right text-slate-900 tabular-nums">
                  {percent.format(option.percentual)}%
                </span>
              </div>
            </td>
          </tr>
        );
      })}
    </TableFrame>
  );
}
