import { abreChamado } from '@elo/contract/calls/hr-tickets';
import { hrLimits } from '@elo/contract/calls/hr-limits';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useContractForm } from '#lib/contract-form.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { TicketAttachmentsField, TicketMessageField } from './ticket-message-fields.tsx';
import { FormDialog } from '#ui/form-dialog.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { useOpenTicket, useTicketSubjects } from '../hooks/use-hr-contact.ts';

// The contract's message rules, with the subject as the select gives it (text, empty for none).
const newTicketSchema = z.object({
  idAssunto: z.string().min(1, { error: 'validation.required' }),
  mensagem: abreChamado.input.shape.mensagem,
  anexos: z.array(z.custom<File>()),
});
type NewTicketForm = z.input<typeof newTicketSchema>;
const fields: FormFields<NewTicketForm> = { fields: ['idAssunto', 'mensagem', 'anexos'] };

/** "Novo chamado": a subject, the first message and up to five attachments; calls back with the new ticket's id. */
export function NewTicketDialog({
  open,
  onOpenChange,
  onOpened,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpened: (ticket: { idChamado: number; protocolo: string }) => void;
}) {
  const { t } = useTranslation();
  const subjects = useTicketSubjects(open);
  const openTicket = useOpenTicket();
  const { form, failure, submit } = useContractForm<NewTicketForm>(newTicketSchema, {
    defaultValues: { idAssunto: '', mensagem: '', anexos: [] },
    fields,
    failureTitle: t('hrTickets.employee.openFailed'),
  });
  const errors = form.formState.errors;

  const onSubmit = submit(async (values) => {
    const answer = await openTicket.mutateAsync({
      idAssunto: Number(values.idAssunto),
      mensagem: values.mensagem,
      anexos: values.anexos,
    });
    form.reset();
    onOpened(answer);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('hrTickets.employee.newTitle')}
      description={t('hrTickets.employee.newDescription')}
      size="lg"
      onSubmit={onSubmit}
      submitLabel={t('hrTickets.employee.send')}
      submitting={form.formState.isSubmitting}
      failureTitle={t('hrTickets.employee.openFailed')}
      failureMessage={failure?.message}
      loadingLabel={subjects.isPending ? t('hrTickets.employee.loadingSubjects') : undefined}
    >
      <FormProvider {...form}>
        <SelectField
          label={t('hrTickets.subject')}
          placeholder={t('common.select')}
          required
          error={errors.idAssunto?.message}
          options={(subjects.data ?? []).map((subject) => ({
            value: String(subject.idAssunto),
            label:
              subject.flConfidencial === 'S'
                ? `${subject.nome} (${t('hrTickets.confidential')})`
                : subject.nome,
          }))}
          {...form.register('idAssunto')}
        />
        <TicketMessageField rows={6} hint={t('hrTickets.messageHint', { max: hrLimits.messageMax })} />
        <TicketAttachmentsField />
      </FormProvider>
    </FormDialog>
  );
}
