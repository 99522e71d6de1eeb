import { hrLimits } from '@elo/contract/calls/hr-limits';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AttachmentsField } from '#ui/attachments-field.tsx';
import { TextareaField } from '#ui/textarea-field.tsx';
import { ticketAttachmentExtensions } from '#lib/hr-tickets.ts';

/** The part of a ticket form these fields fill: the message and its attachments. */
export interface TicketMessageValues {
  mensagem: string;
  anexos: File[];
}

/**
 * A ticket message's text, as opening a ticket, the person's reply and HR's reply all ask for it
 * (same label, limit and errors). Inside the form's FormProvider.
 */
export function TicketMessageField({ rows, hint }: { rows: number; hint?: string }) {
  const { t } = useTranslation();
  const { register } = useFormContext<TicketMessageValues>();
  const { errors } = useFormState<TicketMessageValues>({ name: 'mensagem' });
  return (
    <TextareaField
      label={t('hrTickets.message')}
      required
      hint={hint}
      rows={rows}
      maxLength={hrLimits.messageMax}
      error={errors.mensagem?.message}
      {...register('mensagem')}
    />
  );
}

/** A ticket message's attachments: up to the contract's count, types and size. Inside the form's FormProvider. */
export function TicketAttachmentsField() {
  const { t } = useTranslation();
  const { control } = useFormContext<TicketMessageValues>();
  return (
    <Controller
      control={control}
      name="anexos"
      render={({ field, fieldState }) => (
        <AttachmentsField
          ref={field.ref}
          label={t('hrTickets.attachmentsField')}
          hint={t('hrTickets.attachmentsHint', { max: hrLimits.attachmentsMax })}
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message}
          maxFiles={hrLimits.attachmentsMax}
          accept={ticketAttachmentExtensions}
          maxBytes={hrLimits.attachmentBytesMax}
        />
      )}
    />
  );
}
