import { toFlag } from '@elo/contract/wire';
import { isChoiceQuestion } from '@elo/contract/calls/surveys-rules';
import { SurveyQuestionType, SurveyUploadFormat, type SurveyQuestionTypeId } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { DragHandle, MoveButtons, type DragHandleProps } from '#ui/sortable-list.tsx';
import { TextField } from '#ui/text-field.tsx';
import { newOption, type DraftOption, type DraftQuestion } from '../survey-draft.ts';
import { Check, DescriptionField, StackedField } from './inline-field.tsx';

/** The four question types, in the order the form offers them. */
export const questionTypes = [
  SurveyQuestionType.openText,
  SurveyQuestionType.multipleChoice,
  SurveyQuestionType.checkbox,
  SurveyQuestionType.upload,
] as const;

const typeKeys = {
  [SurveyQuestionType.openText]: 'openText',
  [SurveyQuestionType.multipleChoice]: 'multipleChoice',
  [SurveyQuestionType.checkbox]: 'checkbox',
  [SurveyQuestionType.upload]: 'upload',
} as const;

/** The translation key part of a question type. */
export function questionTypeKey(tipoQuestao: SurveyQuestionTypeId) {
  return typeKeys[tipoQuestao];
}

/** Props a drag handle takes from dnd-kit's useSortable. */

export interface QuestionEditorProps {
  question: DraftQuestion;
  index: number;
  total: number;
  quiz: boolean;
  /** Field errors of this question, by path below it (`titulo`, `opcoes.1.descricao`). */
  errors: Readonly<Record<string, string>>;
  onChange: (question: DraftQuestion) => void;
  onRemove: () => void;
  onMove: (to: number) => void;
  dragHandle: DragHandleProps;
}

/** One question of the authoring form: its type, texts, options or upload limits, order and removal. */
export function QuestionEditor({
  question,
  index,
  total,
  quiz,
  errors,
  onChange,
  onRemove,
  onMove,
  dragHandle,
}: QuestionEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const number = index + 1;
  const choice = isChoiceQuestion(question.tipoQuestao);
  const set = (patch: Partial<DraftQuestion>) => onChange({ ...question, ...patch });
  const setOption = (position: number, patch: Partial<DraftOption>) =>
    set({ opcoes: question.opcoes.map((option, i) => (i === position ? { ...option, ...patch } : option)) });

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <DragHandle handle={dragHandle} label={t('admin.surveys.editor.dragQuestion', { number })} />
          <h3 id={headingId} className="font-semibold text-slate-900">
            {t('admin.surveys.editor.questionNumber', { number })}
          </h3>
        </div>
        <div className="flex flex-wrap gap-2">
          <MoveButtons
            index={index}
            total={total}
            onMove={onMove}
            upLabel={t('admin.surveys.editor.moveUp', { number })}
            downLabel={t('admin.surveys.editor.moveDown', { number })}
          />
          <Button
            size="sm"
            variant="danger-tertiary"
            disabled={question.locked}
            aria-label={t('admin.surveys.editor.removeQuestion', { number })}
            onClick={onRemove}
          >
            {t('admin.surveys.editor.remove')}
          </Button>
        </div>
      </div>
      {question.locked && (
        <p className="text-sm text-amber-900">{t('admin.surveys.editor.questionLocked')}</p>
      )}
      <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
        <TextField
          label={t('admin.surveys.editor.questionTitle', { number })}
          required
          value={question.titulo}
          maxLength={limits.survey.questionTitleMax}
          error={errors.titulo}
          onChange={(event) => set({ titulo: event.target.value })}
        />
        <StackedField label={t('admin.surveys.editor.questionType', { number })}>
          {(id) => (
            <select
              id={id}
              value={question.tipoQuestao}
              disabled={question.locked}
              onChange={(event) => {
                const tipoQuestao = Number(event.target.value) as SurveyQuestionTypeId;
                set({
                  tipoQuestao,
                  opcoes:
                    isChoiceQuestion(tipoQuestao) && question.opcoes.length === 0
                      ? [newOption(), newOption()]
                      : question.opcoes,
                });
              }}
              className="min-h-10 rounded-md border border-slate-400 bg-white px-3 disabled:bg-slate-100"
            >
              {questionTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`admin.surveys.types.${typeKeys[type]}`)}
                </option>
              ))}
            </select>
          )}
        </StackedField>
      </div>
      <DescriptionField
        label={t('admin.surveys.editor.questionDescription', { number })}
        rows={2}
        value={question.descricao}
        onChange={(descricao) => set({ descricao })}
      />
      <Check
        label={t('admin.surveys.editor.required')}
        checked={question.flObrigatoria === 'S'}
        onChange={(checked) => set({ flObrigatoria: toFlag(checked) })}
      />
      {choice && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">
            {t('admin.surveys.editor.options', { number })}
          </legend>
          {errors.opcoes && <p className="text-sm text-red-700">{errors.opcoes}</p>}
          <ol className="flex flex-col gap-3">
            {question.opcoes.map((option, position) => (
              <li key={option.key} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3">
                <div className="flex flex-wrap items-end gap-2">
                  <TextField
                    className="min-w-48 flex-1"
                    label={t('admin.surveys.editor.optionText', { number: position + 1 })}
                    required
                    value={option.descricao}
                    maxLength={limits.survey.optionTextMax}
                    error={errors[`opcoes.${position}.descricao`]}
                    onChange={(event) => setOption(position, { descricao: event.target.value })}
                  />
                  <Button
                    size="sm"
                    variant="danger-tertiary"
                    disabled={option.locked}
                    aria-label={t('admin.surveys.editor.removeOption', { number: position + 1 })}
                    onClick={() => set({ opcoes: question.opcoes.filter((_, i) => i !== position) })}
                  >
                    {t('admin.surveys.editor.remove')}
                  </Button>
                </div>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  <Check
                    label={t('admin.surveys.editor.other')}
                    checked={option.flOutro === 'S'}
                    onChange={(checked) => setOption(position, { flOutro: toFlag(checked) })}
                  />
                  {option.flOutro !== 'S' && (
                    <Check
                      label={t('admin.surveys.editor.textAvailable')}
                      checked={option.flDissertacaoDisponivel === 'S'}
                      onChange={(checked) =>
                        setOption(position, {
                          flDissertacaoDisponivel: toFlag(checked),
                          flDissertacaoObrigatoria: checked ? option.flDissertacaoObrigatoria : 'N',
                        })
                      }
                    />
                  )}
                  {option.flOutro !== 'S' && option.flDissertacaoDisponivel === 'S' && (
                    <Check
                      label={t('admin.surveys.editor.textRequired')}
                      checked={option.flDissertacaoObrigatoria === 'S'}
                      onChange={(checked) =>
                        setOption(position, { flDissertacaoObrigatoria: toFlag(checked) })
                      }
                    />
                  )}
                  {quiz && (
                    <Check
                      label={t('admin.surveys.editor.correct')}
                      checked={option.flCorreta === 'S'}
                      onChange={(checked) => setOption(position, { flCorreta: toFlag(checked) })}
                    />
                  )}
                </div>
                {option.locked && (
                  <p className="text-sm text-amber-900">{t('admin.surveys.editor.optionLocked')}</p>
                )}
              </li>
            ))}
          </ol>
          <div>
            <Button
              size="sm"
              variant="secondary"
              disabled={question.opcoes.length >= limits.survey.optionsMax}
              onClick={() => set({ opcoes: [...question.opcoes, newOption()] })}
            >
              {t('admin.surveys.editor.addOption')}
            </Button>
          </div>
        </fieldset>
      )}
      {question.tipoQuestao === SurveyQuestionType.upload && (
        <fieldset className="grid gap-4 md:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-900">
            {t('admin.surveys.editor.uploadLimits', { number })}
          </legend>
          <TextField
            type="number"
            min={1}
            max={limits.survey.uploadFilesMax}
            label={t('admin.surveys.editor.maxFiles')}
            value={question.qtdMaximoArquivo}
            error={errors.qtdMaximoArquivo}
            onChange={(event) => set({ qtdMaximoArquivo: Number(event.target.value) })}
          />
          <TextField
            type="number"
            min={1}
            max={limits.survey.uploadBytesMax / (1024 * 1024)}
            label={t('admin.surveys.editor.maxMegabytes')}
            value={question.limiteMegabytes}
            error={errors.limiteBytesUpload}
            onChange={(event) => set({ limiteMegabytes: Number(event.target.value) })}
          />
          <div className="flex flex-col gap-2 md:col-span-2">
            <Check
              label={t('admin.surveys.editor.onlySpecific')}
              checked={question.flAceitarSomenteArquivosEspecificos === 'S'}
              onChange={(checked) => set({ flAceitarSomenteArquivosEspecificos: toFlag(checked) })}
            />
            {question.flAceitarSomenteArquivosEspecificos === 'S' &&
              Object.values(SurveyUploadFormat).map((format) => (
                <Check
                  key={format}
                  label={t(
                    `admin.surveys.editor.format.${format === SurveyUploadFormat.image ? 'image' : 'pdf'}`,
                  )}
                  checked={question.formatosUploadPermitidos.includes(format)}
                  onChange={(checked) =>
                    set({
                      formatosUploadPermitidos: checked
                        ? [...question.formatosUploadPermitidos, format]
                        : question.formatosUploadPermitidos.filter((item) => item !== format),
                    })
                  }
                />
              ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}
