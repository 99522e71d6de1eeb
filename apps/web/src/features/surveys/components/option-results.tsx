import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#lib/i18n/i18n.ts';

/** One option's share of a question's answers. */
export interface OptionResult {
  idPesquisaResposta: number;
  descricao: string;
  qtd: number;
  percentual: number;
  flCorreta: 'S' | 'N';
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
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left text-slate-700">
          <th scope="col" className="py-2 pr-3 font-medium">
            {t('portal.surveys.results.option')}
          </th>
          <th scope="col" className="w-24 py-2 pr-3 text-right font-medium">
            {t('portal.surveys.results.count')}
          </th>
          <th scope="col" className="w-2/5 py-2 font-medium">
            {t('portal.surveys.results.share')}
          </th>
        </tr>
      </thead>
      <tbody>
        {options.map((option) => {
          const correct = showCorrect && option.flCorreta === 'S';
          const chosen = chosenIds.includes(option.idPesquisaResposta);
          return (
            <tr key={option.idPesquisaResposta} className="border-b border-slate-100 align-middle">
              <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-900">
                <span>{option.descricao}</span>
                {correct && (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                    {t('portal.surveys.results.correct')}
                  </span>
                )}
                {chosen && (
                  <span className="ml-2 rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-ink">
                    {t('portal.surveys.results.yourChoice')}
                  </span>
                )}
              </th>
              <td className="py-2 pr-3 text-right text-slate-900 tabular-nums">{option.qtd}</td>
              <td className="py-2">
                <div className="flex items-center gap-2">
                  <div aria-hidden="true" className="h-3 flex-1 overflow-hidden rounded-full bg-slate-100">
                    <div
                      className={clsx('h-full rounded-full', correct ? 'bg-green-700' : 'bg-primary-600')}
                      style={{ width: `${Math.min(100, Math.max(0, option.percentual))}%` }}
                    />
                  </div>
                  <span className="w-14 text-right text-slate-900 tabular-nums">
                    {percent.format(option.percentual)}%
                  </span>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
