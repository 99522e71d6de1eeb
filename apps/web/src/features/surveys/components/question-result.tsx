import { isChoiceQuestion } from '@elo/contract/calls/surveys';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionResults, type OptionResult } from './option-results.tsx';

/** What both results pages know of a question. */
export interface QuestionResultSummary {
  idPesquisaQuestao: number;
  titulo: string;
  tipoQuestao: number;
  qtdRespostas: number;
  opcoes: readonly OptionResult[];
}

/**
 * One question's results, for the employee and the administration alike: its number and title,
 * how many answered, and for choice questions the option table; what each side adds comes after.
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
  return (
    <section
      aria-labelledby={headingId}
      className={clsx('flex flex-col gap-3 rounded-lg bg-white p-5 shadow-sm', className)}
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {number}. {question.titulo}
      </h2>
      <p className="text-sm text-slate-700">
        {t('portal.surveys.results.answers', { count: question.qtdRespostas })}
      </p>
      {isChoiceQuestion(question.tipoQuestao) && (
        <OptionResults
          caption={question.titulo}
          options={question.opcoes}
          showCorrect={quiz}
          {...(chosenIds ? { chosenIds } : {})}
        />
      )}
      {children}
    </section>
  );
}
