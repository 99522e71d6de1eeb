import { toFlag } from '@elo/contract/wire';
import type { assuntoChamadoAdminSchema } from '@elo/contract/calls/hr-settings';
import { hrLimits } from '@elo/contract/calls/hr-limits';
import { salvaAssuntoChamadoAdmin } from '@elo/contract/calls/hr-settings';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractDialogForm } from '#lib/contract-form.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { FormDialog } from '#ui/form-dialog.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { TextField } from '#ui/text-field.tsx';
import { useSaveSubject } from '../hooks/use-hr-settings.ts';
import { formatHours, parseHours, slaHoursText } from './sla-hours.ts';

export type AdminSubject = z.infer<typeof assuntoChamadoAdminSchema>;

// The contract's name rule; the targets typed as text (blank for none) and the flags as boxes.
const subjectFormSchema = z.object({
  nome: salvaAssuntoChamadoAdmin.input.shape.nome,
  flAtivo: z.boolean(),
  flConfidencial: z.boolean(),
  horasPrimeiraResposta: slaHoursText,
  horasSolucao: slaHoursText,
});
type SubjectForm = z.input<typeof subjectFormSchema>;
const fields: FormFields<SubjectForm> = {
  fields: ['nome', 'flAtivo', 'flConfidencial', 'horasPrimeiraResposta', 'horasSolucao'],
};

function formValues(subject: AdminSubject | null): SubjectForm {
  const language = currentLanguage();
  const hours = (value: number | null | undefined) => (value == null ? '' : formatHours(value, language));
  return {
    nome: subject?.nome ?? '',
    flAtivo: subject ? subject.flAtivo === 'S' : true,
    flConfidencial: subject?.flConfidencial === 'S',
    horasPrimeiraResposta: hours(subject?.horasPrimeiraResposta),
    horasSolucao: hours(subject?.horasSolucao),
  };
}

/** Creating or editing a ticket subject: name, active, confidential and its SLA targets in business hours. */
export function SubjectDialog({
  open,
  onOpenChange,
  subject,
  reload,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The subject being edited; null for a new one. */
  subject: AdminSubject | null;
  /** Reads the edited subject again (after a save refused as stale). */
  reload: () => Promise<AdminSubject | undefined>;
}) {
  const { t } = useTranslation();
  const save = useSaveSubject();
  const showToast = useToastStore((state) => state.showToast);
  const { form, failure, submit } = useContractDialogForm<SubjectForm>(subjectFormSchema, {
    open,
    values: formValues(subject),
    fields,
    failureTitle: t('hrSettings.subjects.saveFailed'),
  });
  const errors = form.formState.errors;
  // The server's message when someone else saved the subject since this form read it.
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) =>
    form.reset(formValues(fresh)),
  );
  const close = (next: boolean) => {
    if (!next) setStaleMessage(null);
    onOpenChange(next);
  };

  const saveSubject = (values: SubjectForm) =>
    save.mutateAsync({
      // The versao read goes back with the save: a stale one is refused (409 REGISTRO_ALTERADO).
      ...(subject ? { idAssunto: subject.idAssunto, versao: subject.versao } : {}),
      nome: values.nome,
      flAtivo: toFlag(values.flAtivo),
      flConfidencial: toFlag(values.flConfidencial),
      horasPrimeiraResposta: parseHours(values.horasPrimeiraResposta),
      horasSolucao: parseHours(values.horasSolucao),
    });

  const onSubmit = submit(async (values) => {
    setStaleMessage(null);
    let saved: Awaited<ReturnType<typeof saveSubject>>;
    try {
      saved = await saveSubject(values);
    } catch (error) {
      // What was typed stays; the alert offers to read the current subject.
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      throw error;
    }
    showToast({ type: 'success', message: t('hrSettings.subjects.saved', { name: saved.assunto.nome }) });
    close(false);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={subject ? t('hrSettings.subjects.editTitle') : t('hrSettings.subjects.new')}
      onSubmit={onSubmit}
      submitLabel={t('hrSettings.subjects.save')}
      submitting={form.formState.isSubmitting}
      failureTitle={t('hrSettings.subjects.saveFailed')}
      failureMessage={failure?.message}
    >
      {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} />}
      <TextField
        label={t('hrSettings.subjects.fieldName')}
        required
        maxLength={hrLimits.subjectNameMax}
        error={errors.nome?.message}
        {...form.register('nome')}
      />
      <CheckboxField
        label={t('hrSettings.subjects.fieldActive')}
        hint={t('hrSettings.subjects.fieldActiveHint')}
        {...form.register('flAtivo')}
      />
      <CheckboxField
        label={t('hrSettings.subjects.fieldConfidential')}
        hint={t('hrSettings.subjects.fieldConfidentialHint')}
        {...form.register('flConfidencial')}
      />
      <TextField
        label={t('hrSettings.subjects.fieldFirstResponse')}
        hint={t('hrSettings.subjects.targetHint')}
        inputMode="decimal"
        autoComplete="off"
        error={errors.horasPrimeiraResposta?.message}
        {...form.register('horasPrimeiraResposta')}
      />
      <TextField
        label={t('hrSettings.subjects.fieldResolution')}
        hint={t('hrSettings.subjects.targetHint')}
        inputMode="decimal"
        autoComplete="off"
        error={errors.horasSolucao?.message}
        {...form.register('horasSolucao')}
      />
    </FormDialog>
  );
}
