import { toFlag } from '@elo/contract/wire';
import {
  ReminderRecurrence,
  reminderLimits,
  salvaLembreteInputSchema,
  type Lembrete,
} from '@elo/contract/calls/reminders';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractDialogForm } from '#lib/contract-form.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { DateField } from '#ui/date-field.tsx';
import { FormDialog } from '#ui/form-dialog.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { TextareaField } from '#ui/textarea-field.tsx';
import { TextField } from '#ui/text-field.tsx';
import { useSaveReminder } from '../hooks/use-reminders.ts';

const shape = salvaLembreteInputSchema.shape;

// The contract's rules, with the date field's null (nothing whole typed yet) and a checkbox.
const reminderFormSchema = z.object({
  titulo: shape.titulo,
  descricao: z.string().max(reminderLimits.descriptionMax, { error: 'validation.tooLong' }),
  dtLembrete: z
    .string({ error: 'validation.required' })
    .nullable()
    .refine((value) => value !== null, { error: 'validation.required' }),
  recorrencia: shape.recorrencia,
  flEmail: z.boolean(),
});
export type ReminderForm = z.input<typeof reminderFormSchema>;
const fields: FormFields<ReminderForm> = {
  fields: ['titulo', 'descricao', 'dtLembrete', 'recorrencia', 'flEmail'],
};

/** The form's starting values: the reminder's, or a new one an hour from now (whole minutes). */
export function reminderFormValues(reminder: Lembrete | null, now = new Date()): ReminderForm {
  if (reminder) {
    return {
      titulo: reminder.titulo,
      descricao: reminder.descricao ?? '',
      dtLembrete: reminder.dtLembrete,
      recorrencia: reminder.recorrencia,
      flEmail: reminder.flEmail === 'S',
    };
  }
  const at = new Date(now.getTime() + 3_600_000);
  at.setSeconds(0, 0);
  return {
    titulo: '',
    descricao: '',
    dtLembrete: at.toISOString(),
    recorrencia: ReminderRecurrence.none,
    flEmail: false,
  };
}

const recurrences = Object.values(ReminderRecurrence);

/** Creating or editing a reminder: title, description, date and time, recurrence and e-mail. */
export function ReminderFormDialog({
  open,
  onOpenChange,
  reminder,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The reminder being edited; null for a new one. */
  reminder: Lembrete | null;
}) {
  const { t } = useTranslation();
  const save = useSaveReminder();
  const showToast = useToastStore((state) => state.showToast);
  const { form, failure, submit } = useContractDialogForm<ReminderForm>(reminderFormSchema, {
    open,
    values: reminderFormValues(reminder),
    fields,
    failureTitle: t('portal.reminders.saveFailed'),
  });
  const errors = form.formState.errors;

  const onSubmit = submit(async (values) => {
    await save.mutateAsync({
      ...(reminder ? { idLembrete: reminder.idLembrete } : {}),
      titulo: values.titulo,
      descricao: values.descricao,
      dtLembrete: values.dtLembrete ?? '',
      recorrencia: values.recorrencia,
      flEmail: toFlag(values.flEmail),
    });
    showToast({ type: 'success', message: t('portal.reminders.saved') });
    onOpenChange(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={reminder ? t('portal.reminders.editTitle') : t('portal.reminders.newTitle')}
      description={t('portal.reminders.formDescription')}
      onSubmit={onSubmit}
      submitLabel={t('portal.reminders.save')}
      submitting={form.formState.isSubmitting}
      failureTitle={t('portal.reminders.saveFailed')}
      failureMessage={failure?.message}
    >
      <TextField
        label={t('portal.reminders.fieldTitle')}
        required
        maxLength={reminderLimits.titleMax}
        error={errors.titulo?.message}
        {...form.register('titulo')}
      />
      <TextareaField
        label={t('portal.reminders.fieldDescription')}
        rows={3}
        maxLength={reminderLimits.descriptionMax}
        error={errors.descricao?.message}
        {...form.register('descricao')}
      />
      <Controller
        control={form.control}
        name="dtLembrete"
        render={({ field, fieldState }) => (
          <DateField
            ref={field.ref}
            name={field.name}
            label={t('portal.reminders.fieldWhen')}
            hint={t('portal.reminders.fieldWhenHint')}
            withTime
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <SelectField
        label={t('portal.reminders.fieldRecurrence')}
        required
        error={errors.recorrencia?.message}
        options={recurrences.map((value) => ({ value, label: t(`portal.reminders.recurrence.${value}`) }))}
        {...form.register('recorrencia')}
      />
      <CheckboxField
        label={t('portal.reminders.fieldEmail')}
        hint={t('portal.reminders.fieldEmailHint')}
        {...form.register('flEmail')}
      />
    </FormDialog>
  );
}
