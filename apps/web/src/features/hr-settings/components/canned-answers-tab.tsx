import type { respostaProntaSchema } from '@elo/contract/calls/hr-settings';
import { hrLimits } from '@elo/contract/calls/hr-limits';
import { salvaRespostaProntaAdmin } from '@elo/contract/calls/hr-settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessageOf } from '#lib/api-client.ts';
import { useContractDialogForm } from '#lib/contract-form.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { FormDialog } from '#ui/form-dialog.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { TextareaField } from '#ui/textarea-field.tsx';
import { TextField } from '#ui/text-field.tsx';
import { useCannedAnswers, useDeleteCannedAnswer, useSaveCannedAnswer } from '../hooks/use-hr-settings.ts';

type CannedAnswer = z.infer<typeof respostaProntaSchema>;
interface SubjectChoice {
  idAssunto: number;
  nome: string;
}

/** The subject filter's and field's value for "every subject". */
const everySubject = '';

const cannedShape = salvaRespostaProntaAdmin.input.shape;
const cannedFormSchema = z.object({
  idAssunto: z.string(),
  titulo: cannedShape.titulo,
  texto: cannedShape.texto,
});
type CannedForm = z.input<typeof cannedFormSchema>;
const fields: FormFields<CannedForm> = { fields: ['idAssunto', 'titulo', 'texto'] };

const formValues = (answer: CannedAnswer | null, subjectId: string): CannedForm => ({
  idAssunto: answer ? (answer.idAssunto === null ? everySubject : String(answer.idAssunto)) : subjectId,
  titulo: answer?.titulo ?? '',
  texto: answer?.texto ?? '',
});

/** Creating or editing a canned answer: its subject (or every subject), title and text. */
function CannedAnswerDialog({
  open,
  onOpenChange,
  answer,
  subjects,
  subjectId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  answer: CannedAnswer | null;
  subjects: readonly SubjectChoice[];
  /** The filter's subject: a new answer starts with it. */
  subjectId: string;
}) {
  const { t } = useTranslation();
  const save = useSaveCannedAnswer();
  const showToast = useToastStore((state) => state.showToast);
  const { form, failure, submit } = useContractDialogForm<CannedForm>(cannedFormSchema, {
    open,
    values: formValues(answer, subjectId),
    fields,
    failureTitle: t('hrSettings.canned.saveFailed'),
  });
  const errors = form.formState.errors;

  const onSubmit = submit(async (values) => {
    const { resposta } = await save.mutateAsync({
      ...(answer ? { idResposta: answer.idResposta } : {}),
      idAssunto: values.idAssunto === everySubject ? null : Number(values.idAssunto),
      titulo: values.titulo,
      texto: values.texto,
    });
    showToast({ type: 'success', message: t('hrSettings.canned.saved', { name: resposta.titulo }) });
    onOpenChange(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={answer ? t('hrSettings.canned.editTitle') : t('hrSettings.canned.new')}
      onSubmit={onSubmit}
      submitLabel={t('hrSettings.canned.save')}
      submitting={form.formState.isSubmitting}
      failureTitle={t('hrSettings.canned.saveFailed')}
      failureMessage={failure?.message}
    >
      <SelectField
        label={t('hrSettings.canned.fieldSubject')}
        error={errors.idAssunto?.message}
        options={[
          { value: everySubject, label: t('hrSettings.canned.everySubject') },
          ...subjects.map((subject) => ({ value: String(subject.idAssunto), label: subject.nome })),
        ]}
        {...form.register('idAssunto')}
      />
      <TextField
        label={t('hrSettings.canned.fieldTitle')}
        required
        maxLength={hrLimits.cannedTitleMax}
        error={errors.titulo?.message}
        {...form.register('titulo')}
      />
      <TextareaField
        label={t('hrSettings.canned.fieldText')}
        required
        rows={6}
        maxLength={hrLimits.cannedBodyMax}
        error={errors.texto?.message}
        {...form.register('texto')}
      />
    </FormDialog>
  );
}

/** The canned answers HR picks from when answering a ticket, by subject; editors manage them. */
export function CannedAnswersTab({
  subjects,
  canEdit,
}: {
  subjects: readonly SubjectChoice[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const listQuery = useCannedAnswers();
  const { data } = listQuery;
  const removal = useDeleteCannedAnswer();
  const [subjectId, setSubjectId] = useState(everySubject);
  // The dialog: closed (false), a new answer (null) or the answer being edited.
  const [editing, setEditing] = useState<CannedAnswer | null | false>(false);
  const [deleting, setDeleting] = useState<CannedAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const subjectName = (id: number | null) =>
    id === null
      ? t('hrSettings.canned.everySubject')
      : (subjects.find((subject) => subject.idAssunto === id)?.nome ?? '');
  // A subject's list shows its own answers and those for every subject, as the ticket page offers them.
  const shown = (data ?? []).filter(
    (answer) =>
      subjectId === everySubject || answer.idAssunto === null || String(answer.idAssunto) === subjectId,
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    const answer = deleting;
    setRefusal(null);
    try {
      await removal.mutateAsync(answer.idResposta);
      showToast({ type: 'success', message: t('hrSettings.canned.deleted', { name: answer.titulo }) });
    } catch (failure) {
      setRefusal(errorMessageOf(failure, t('apiErrors.default')));
    } finally {
      setDeleting(null);
    }
  };

  const columns: DataColumn<CannedAnswer>[] = [
    {
      id: 'title',
      header: t('hrSettings.canned.columns.title'),
      rowHeader: true,
      cell: (answer) => answer.titulo,
      sortValue: (answer) => answer.titulo,
    },
    {
      id: 'subject',
      header: t('hrSettings.canned.columns.subject'),
      cell: (answer) => subjectName(answer.idAssunto),
      sortValue: (answer) => subjectName(answer.idAssunto),
    },
    {
      id: 'text',
      header: t('hrSettings.canned.columns.text'),
      // The whole text wraps; a long one is clipped to a few lines.
      cell: (answer) => (
        <p className="line-clamp-3 max-w-prose break-words whitespace-pre-line">{answer.texto}</p>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t('hrSettings.canned.hint')}</p>
      {refusal && (
        <Alert type="error" title={t('hrSettings.canned.deleteFailed')} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <div className="w-full max-w-xs">
          <SelectField
            label={t('hrSettings.canned.filter')}
            value={subjectId}
            onChange={(event) => setSubjectId(event.target.value)}
            options={[
              { value: everySubject, label: t('hrSettings.canned.allAnswers') },
              ...subjects.map((subject) => ({ value: String(subject.idAssunto), label: subject.nome })),
            ]}
          />
        </div>
        {canEdit && <Button onClick={() => setEditing(null)}>{t('hrSettings.canned.new')}</Button>}
      </div>
      <DataTable
        caption={t('hrSettings.canned.caption')}
        columns={columns}
        rows={shown}
        getRowId={(answer) => String(answer.idResposta)}
        rowName={(answer) => answer.titulo}
        {...tableStateOf(listQuery)}
        empty={t('hrSettings.canned.empty')}
        rowActions={
          canEdit
            ? (answer) => (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${t('hrSettings.edit')}: ${answer.titulo}`}
                    onClick={() => setEditing(answer)}
                  >
                    {t('hrSettings.edit')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger-secondary"
                    aria-label={`${t('hrSettings.delete')}: ${answer.titulo}`}
                    onClick={() => setDeleting(answer)}
                  >
                    {t('hrSettings.delete')}
                  </Button>
                </div>
              )
            : undefined
        }
      />
      {canEdit && (
        <CannedAnswerDialog
          open={editing !== false}
          onOpenChange={(open) => {
            if (!open) setEditing(false);
          }}
          answer={editing === false ? null : editing}
          subjects={subjects}
          subjectId={subjectId}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('hrSettings.canned.deleteTitle', { name: deleting?.titulo ?? '' })}
        description={t('hrSettings.canned.deleteDescription')}
        confirmLabel={t('hrSettings.delete')}
        variant="danger"
        onConfirm={confirmDelete}
      />
    </div>
  );
}
