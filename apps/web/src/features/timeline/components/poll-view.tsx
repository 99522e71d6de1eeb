import type { Postagem } from '@elo/contract/calls/timeline';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { useVoteInPoll } from '../hooks/use-post-actions.ts';

type Poll = NonNullable<Postagem['enquete']>;

function percentOf(votes: number, total: number): number {
  return total === 0 ? 0 : Math.round((votes * 100) / total);
}

/**
 * A poll: its options as radio buttons and a vote button (voting on every arrow key press would
 * cast votes the user never meant). Once the user has voted the counts and percentages show
 * beside each option, and the vote can be changed.
 */
export function PollView({ idMensagem, poll }: { idMensagem: number; poll: Poll }) {
  const { t } = useTranslation();
  const baseId = useId();
  const vote = useVoteInPoll();
  const [choice, setChoice] = useState<number | null>(poll.idOpcaoVotada);
  const voted = poll.idOpcaoVotada !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null || choice === poll.idOpcaoVotada) return;
    vote.mutate({ idMensagem, idOpcao: choice });
  };

  return (
    <form onSubmit={submit} className="px-4 pb-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">
          {t('portal.timeline.poll.legend')}
        </legend>
        {poll.opcoes.map((option) => {
          const inputId = `${baseId}-${option.idOpcao}`;
          const resultId = `${inputId}-result`;
          const percent = percentOf(option.qtdVotos, poll.qtdTotalVotos);
          return (
            <div key={option.idOpcao} className="relative overflow-hidden rounded-md border border-slate-300">
              {voted && (
                <span
                  aria-hidden="true"
                  className="absolute inset-y-0 left-0 bg-primary-100"
                  style={{ width: `${percent}%` }}
                />
              )}
              <div className="relative flex items-center gap-3 px-3 py-2">
                <input
                  type="radio"
                  id={inputId}
                  name={baseId}
                  value={option.idOpcao}
                  checked={choice === option.idOpcao}
                  onChange={() => setChoice(option.idOpcao)}
                  aria-describedby={voted ? resultId : undefined}
                  className="size-4 accent-primary-600"
                />
                <label htmlFor={inputId} className="flex-1 text-slate-900">
                  {option.DS_OPCAO}
                </label>
                {voted && (
                  <span id={resultId} className="text-sm font-medium text-slate-800">
                    {t('portal.timeline.poll.result', { count: option.qtdVotos, percent })}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </fieldset>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          loading={vote.isPending}
          disabled={choice === null || choice === poll.idOpcaoVotada}
        >
          {voted ? t('portal.timeline.poll.changeVote') : t('portal.timeline.poll.vote')}
        </Button>
        {/* Announced when the results change, after the user's own vote. */}
        <p role="status" className="text-sm text-slate-700">
          {voted ? t('portal.timeline.poll.total', { count: poll.qtdTotalVotos }) : ''}
        </p>
      </div>
    </form>
  );
}
