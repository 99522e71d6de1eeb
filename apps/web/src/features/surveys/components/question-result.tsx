import { isChoiceQuestion } from '@elo/contract/calls/surveys-rules';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionResults, type OptionResult } from './option-results.tsx';

/** What both results pages know of a question; null counts when an anonymous survey's results are hidden. */
export interface QuestionResultSummary {
  idPesquisaQuestao: number;
  titulo: string;
  tipoQuestao: number;
  qtdRespostas: number | null;
  opcoes: readonly (Omit<OptionResult, 'qtd' | 'percentual'> & {
    qtd: number | null;
    percentual: number | null;
  })[];
}

/** The options with their numbers, or null when the results are hidden. */
function optionsWithCounts(question: QuestionResultSummary): OptionResult[] | null {
  const options: OptionResult[] = [];
  for (const option of question.opcoes) {
    if (option.qtd === null || option.percentual === null) return null;
    options.push({ ...option, qtd: option.qtd, percentual: option.percentual });
  }
  return options;
}

/**
 * One question's results, for the employee and the administration alike: its number and title,
 * how many answered, and for choice questions the option table (neither while an anonymous
 * survey's results are hidden); what each side adds comes after.
 */
export function QuestionResultCard({
  question,
  number,
  quiz,
  chosenIds,
  className,
  children,
}: {
  question: QuestionResultSummary;
  number: number;
  /** A quiz marks its correct options. */
  quiz: boolean;
  /** The signed-in user's own choices (employee side). */
  chosenIds?: readonly number[];
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = `resultado-${question.idPesquisaQuestao}`;
  const options = question.qtdRespostas === null ? null : optionsWithCounts(question);
  return (
    <section
      aria-labelledby={headingId}
      className={clsx('flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm', className)}
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {number}. {question.titulo}
      </h2>
      {question.qtdRespostas !== null && (
        <p className="text-sm text-slate-700">
          {t('portal.surveys.results.answers', { count: question.qtdRespostas })}
        </p>
      )}
      {options && isChoiceQuestion(question.tipoQuestao) && (
        <OptionResults
          caption={question.titulo}
          options={options}
          showCorrect={quiz}
          {...(chosenIds ? { chosenIds } : {})}
        />
      )}
      {children}
    </section>
  );
}
