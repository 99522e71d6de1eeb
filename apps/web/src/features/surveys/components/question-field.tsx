import type { Questao } from '@elo/contract/calls/surveys-shapes';
import { SurveyQuestionType } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import clsx from 'clsx';
import { useId, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { Button } from '#ui/button.tsx';
import { filePickButtonClassName } from '#ui/file-field.tsx';
import { Spinner } from '#ui/spinner.tsx';
import {
  allowedExtensions,
  characterCount,
  formatBytes,
  optionTakesText,
  type QuestionAnswer,
} from '../answer-rules.ts';

/** The element id of a question's block, for scrolling to it. */
export function questionElementId(idPesquisaQuestao: number): string {
  return `questao-${idPesquisaQuestao}`;
}

/** Scrolls to a question and focuses its first control (spec section 4: the first invalid one). */
export function focusQuestion(idPesquisaQuestao: number): void {
  const block = document.getElementById(questionElementId(idPesquisaQuestao));
  if (!block) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  block.scrollIntoView?.({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
  const control = block.querySelector<HTMLElement>('textarea, input:not([type="hidden"]), button');
  control?.focus({ preventScroll: true });
}

export interface QuestionFieldProps {
  question: Questao;
  /** Position shown before the title (1-based). */
  number: number;
  answer: QuestionAnswer;
  error: string | null;
  /** A new answer; `typing` when it came from a keystroke (saved after a pause). */
  onChange: (answer: QuestionAnswer, how: { typing: boolean }) => void;
  /** The user left a text field: a pending save goes now. */
  onLeave: () => void;
  /** Files chosen for an upload question. */
  onAddFiles: (files: File[]) => void;
  uploading: boolean;
}

const inputClass =
  'w-full rounded-md border bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary-500';

/** One question of a survey, of any of the four types, with its error tied to its controls. */
export function QuestionField(props: QuestionFieldProps) {
  const { t } = useTranslation();
  const { question, number, error } = props;
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const descriptionId = question.descricao ? `${baseId}-description` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  const required = question.flObrigatoria === 'S';

  return (
    <fieldset
      id={questionElementId(question.idPesquisaQuestao)}
      aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
      className={clsx(
        'scroll-mt-24 rounded-lg border bg-white p-5 shadow-sm',
        error ? 'border-red-700' : 'border-slate-200',
      )}
    >
      <legend id={titleId} className="float-left w-full text-base font-semibold text-slate-900">
        <span className="text-slate-600">{number}. </span>
        {question.titulo}
        {required && (
          <>
            <span aria-hidden="true" className="ml-1 text-red-700">
              *
            </span>
            <span className="sr-only"> ({t('portal.surveys.requiredMark')})</span>
          </>
        )}
      </legend>
      <div className="clear-both pt-2">
        {question.descricao && (
          <p id={descriptionId} className="mb-3 text-sm whitespace-pre-line text-slate-700">
            {question.descricao}
          </p>
        )}
        <QuestionControls {...props} titleId={titleId} errorId={errorId} required={required} />
        {error && (
          <p id={errorId} className="mt-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
}

interface ControlsProps extends QuestionFieldProps {
  titleId: string;
  errorId: string | undefined;
  required: boolean;
}

function QuestionControls(props: ControlsProps) {
  switch (props.question.tipoQuestao) {
    case SurveyQuestionType.openText:
      return <OpenText {...props} />;
    case SurveyQuestionType.multipleChoice:
    case SurveyQuestionType.checkbox:
      return <Choices {...props} />;
    case SurveyQuestionType.upload:
      return <Upload {...props} />;
  }
}

function OpenText({ answer, onChange, onLeave, titleId, errorId, required, error }: ControlsProps) {
  const { t } = useTranslation();
  const counterId = useId();
  const count = characterCount(answer.resposta);
  return (
    <>
      <textarea
        aria-labelledby={titleId}
        aria-describedby={[counterId, errorId].filter(Boolean).join(' ')}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        rows={4}
        value={answer.resposta}
        onChange={(event) => onChange({ ...answer, resposta: event.target.value }, { typing: true })}
        onBlur={onLeave}
        className={clsx(inputClass, error ? 'border-red-700' : 'border-slate-400')}
      />
      <p
        id={counterId}
        className={clsx(
          'mt-1 text-right text-sm',
          count > limits.surveyOpenAnswerMax ? 'text-red-700' : 'text-slate-600',
        )}
      >
        {t('portal.surveys.characterCount', { count, max: limits.surveyOpenAnswerMax })}
      </p>
    </>
  );
}

function Choices({ question, answer, onChange, onLeave, errorId, error, required }: ControlsProps) {
  const { t } = useTranslation();
  const name = useId();
  const single = question.tipoQuestao === SurveyQuestionType.multipleChoice;
  const toggle = (id: number, checked: boolean) => {
    const ids = single
      ? [id]
      : checked
        ? [...answer.idsRespostas, id]
        : answer.idsRespostas.filter((item) => item !== id);
    onChange({ ...answer, idsRespostas: ids }, { typing: false });
  };
  return (
    <ul className="flex flex-col gap-2">
      {question.opcoes.map((option) => {
        const checked = answer.idsRespostas.includes(option.idPesquisaResposta);
        const inputId = `${name}-${option.idPesquisaResposta}`;
        return (
          <li key={option.idPesquisaResposta} className="flex flex-col gap-2">
            <div className="flex items-center gap-3">
              <input
                id={inputId}
                type={single ? 'radio' : 'checkbox'}
                name={name}
                checked={checked}
                aria-describedby={errorId}
                aria-invalid={error ? true : undefined}
                // A radio group is required as a whole; the first radio carries it.
                required={required && single && option === question.opcoes[0] ? true : undefined}
                onChange={(event) => toggle(option.idPesquisaResposta, event.target.checked)}
                className="size-5 accent-primary-600"
              />
              <label htmlFor={inputId} className="text-slate-900">
                {option.descricao}
              </label>
            </div>
            {checked && optionTakesText(option) && (
              <div className="ml-8 flex flex-col gap-1">
                <label htmlFor={`${inputId}-text`} className="text-sm font-medium text-slate-800">
                  {t('portal.surveys.optionText', { option: option.descricao })}
                </label>
                <input
                  id={`${inputId}-text`}
                  type="text"
                  value={answer.resposta}
                  aria-describedby={errorId}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) =>
                    onChange({ ...answer, resposta: event.target.value }, { typing: true })
                  }
                  onBlur={onLeave}
                  className={clsx(inputClass, error ? 'border-red-700' : 'border-slate-400')}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Upload({ question, answer, onChange, onAddFiles, uploading, errorId, error }: ControlsProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const extensions = allowedExtensions(question);
  const maxFiles = question.qtdMaximoArquivo ?? limits.survey.uploadFilesDefault;
  const maxBytes = question.limiteBytesUpload ?? limits.survey.uploadBytesDefault;
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // The same file may be picked again after a fix: forget this pick.
    event.target.value = '';
    if (files.length > 0) onAddFiles(files);
  };
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        {/* A hidden input behind a button in the portal's words, not the browser's 'Choose files'. */}
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple={maxFiles > 1}
          accept={extensions.map((extension) => `.${extension}`).join(',')}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          disabled={uploading}
          onChange={onPick}
          className="peer sr-only"
        />
        <label htmlFor={inputId} className={filePickButtonClassName({ disabled: uploading, size: 'sm' })}>
          {t('portal.surveys.addFiles')}
        </label>
        {uploading && <Spinner size="sm" label={t('portal.surveys.uploading')} />}
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {t('portal.surveys.uploadHint', {
          count: maxFiles,
          size: formatBytes(maxBytes, currentLanguage()),
        })}
        {` ${t('portal.surveys.uploadFormats', { extensions: extensions.join(', ') })}`}
      </p>
      {answer.arquivos.length > 0 && (
        <ul aria-label={t('portal.surveys.attachedFiles')} className="flex flex-col gap-2">
          {answer.arquivos.map((file) => (
            <li
              key={file.idMidia}
              className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2"
            >
              <span className="min-w-0 truncate text-sm text-slate-900">
                {file.nomeArquivo}{' '}
                <span className="text-slate-600">({formatBytes(file.tamanhoBytes, currentLanguage())})</span>
              </span>
              <Button
                size="sm"
                variant="danger-tertiary"
                aria-label={t('portal.surveys.removeFile', { name: file.nomeArquivo })}
                onClick={() => {
                  onChange(
                    { ...answer, arquivos: answer.arquivos.filter((item) => item.idMidia !== file.idMidia) },
                    { typing: false },
                  );
                  inputRef.current?.focus();
                }}
              >
                {t('portal.surveys.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
