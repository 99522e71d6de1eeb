import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { maxPollOptions, type ComposerAction } from '../composer-state.ts';

export interface PollEditorProps {
  options: readonly string[];
  dispatch: Dispatch<ComposerAction>;
  /** The poll's problem, already translated. */
  error: string | null;
  errorId: string;
}

/** The options of a poll being written: 'Opção N' fields, add and remove (the last one ends the poll). */
export function PollEditor({ options, dispatch, error, errorId }: PollEditorProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        {t('portal.timeline.composer.pollLegend')}
      </legend>
      {options.map((label, index) => {
        const number = index + 1;
        const name = t('portal.timeline.composer.pollOption', { number });
        return (
          // Options have no identity of their own but their place, which is what the user edits.
          <div key={index} className="flex items-center gap-2">
            <input
              type="text"
              value={label}
              aria-label={name}
              placeholder={name}
              maxLength={200}
              data-poll-option
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => dispatch({ type: 'pollOptionChanged', index, label: event.target.value })}
              className="min-h-10 flex-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-600"
            />
            <Button
              variant="danger-tertiary"
              size="sm"
              onClick={() => dispatch({ type: 'pollOptionRemoved', index })}
            >
              {t('portal.timeline.composer.removePollOption', { number })}
            </Button>
          </div>
        );
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={options.length >= maxPollOptions}
          onClick={() => dispatch({ type: 'pollOptionAdded' })}
        >
          {t('portal.timeline.composer.addPollOption')}
        </Button>
        <Button variant="tertiary" size="sm" onClick={() => dispatch({ type: 'pollRemoved' })}>
          {t('portal.timeline.composer.removePoll')}
        </Button>
      </div>
    </fieldset>
  );
}
