import {
  avaliaChamado,
  enviaMensagemChamado,
  TicketStatus,
  type Chamado,
} from '@elo/contract/calls/hr-tickets';
import { hrLimits } from '@elo/contract/calls/hr-limits';
import { useId } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { paths } from '#lib/paths.ts';
import { useContractForm } from '#lib/contract-form.ts';
import { formatDateTime } from '#lib/dates.ts';
import { ticketAttachmentLinks } from '#lib/hr-tickets.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { TicketAttachmentsField, TicketMessageField } from './ticket-message-fields.tsx';
import { TicketStatusBadge } from './ticket-status-badge.tsx';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { MessageThread, type ThreadMessage } from '#ui/message-thread.tsx';
import { TextareaField } from '#ui/textarea-field.tsx';
import { useRateTicket, useSendTicketMessage } from '../hooks/use-hr-contact.ts';

const replySchema = z.object({
  mensagem: enviaMensagemChamado.input.shape.mensagem,
  anexos: z.array(z.custom<File>()),
});
type ReplyForm = z.input<typeof replySchema>;
const replyFields: FormFields<ReplyForm> = { fields: ['mensagem', 'anexos'] };

const ratingSchema = z.object({
  nota: z.string().min(1, { error: 'validation.ratingInvalid' }),
  comentario: avaliaChamado.input.shape.comentario,
});
type RatingForm = z.input<typeof ratingSchema>;
const ratingFields: FormFields<RatingForm> = { fields: ['nota', 'comentario'] };

/** The thread: HR's messages on one side, the person's on the other, each saying who wrote it. */
function Thread({ ticket }: { ticket: Chamado }) {
  const { t } = useTranslation();
  return (
    <MessageThread
      label={t('hrTickets.thread')}
      messages={ticket.mensagens.map((message): ThreadMessage => {
        const fromHr = message.flRh === 'S';
        return {
          id: message.idMensagem,
          kind: fromHr ? t('hrTickets.fromHr') : t('hrTickets.fromYou'),
          author: fromHr
            ? `${message.autor?.nome ?? t('hrTickets.hrTeam')} · ${t('hrTickets.hrShort')}`
            : t('hrTickets.you'),
          sentAt: message.dtEnvio,
          text: message.texto,
          attachments: ticketAttachmentLinks(message.anexos),
          tone: fromHr ? 'theirs' : 'mine',
        };
      })}
    />
  );
}

/** The person's reply: text and attachments; on a resolved ticket it reopens it. */
function ReplyForm({ ticket }: { ticket: Chamado }) {
  const { t } = useTranslation();
  const send = useSendTicketMessage(ticket.idChamado);
  const { form, failure, submit } = useContractForm<ReplyForm>(replySchema, {
    defaultValues: { mensagem: '', anexos: [] },
    fields: replyFields,
    failureTitle: t('hrTickets.employee.replyFailed'),
  });
  const onSubmit = submit(async (values) => {
    await send.mutateAsync({ mensagem: values.mensagem, anexos: values.anexos });
    form.reset();
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <h3 className="text-lg font-semibold text-slate-900">{t('hrTickets.employee.replyHeading')}</h3>
        {failure?.message && (
          <Alert type="error" title={t('hrTickets.employee.replyFailed')}>
            {failure.message}
          </Alert>
        )}
        <TicketMessageField
          rows={4}
          hint={ticket.status === TicketStatus.resolved ? t('hrTickets.employee.reopenHint') : undefined}
        />
        <TicketAttachmentsField />
        <div>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('hrTickets.employee.sendReply')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The rating of a resolved ticket (1 to 5, an optional comment), given once. */
function RatingForm({ ticket }: { ticket: Chamado }) {
  const { t } = useTranslation();
  const rate = useRateTicket();
  const errorId = useId();
  const { form, failure, submit } = useContractForm<RatingForm>(ratingSchema, {
    defaultValues: { nota: '', comentario: '' },
    fields: ratingFields,
    failureTitle: t('hrTickets.employee.rateFailed'),
  });
  const errors = form.formState.errors;
  const onSubmit = submit(async (values) => {
    await rate.mutateAsync({
      idChamado: ticket.idChamado,
      nota: Number(values.nota),
      ...(values.comentario ? { comentario: values.comentario } : {}),
    });
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      {failure?.message && (
        <Alert type="error" title={t('hrTickets.employee.rateFailed')}>
          {failure.message}
        </Alert>
      )}
      <fieldset
        aria-describedby={errors.nota ? errorId : undefined}
        aria-invalid={errors.nota ? true : undefined}
      >
        <legend className="text-lg font-semibold text-slate-900">
          {t('hrTickets.employee.rateHeading')}
        </legend>
        <p className="text-sm text-slate-700">{t('hrTickets.employee.rateHint')}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50"
            >
              <input
                type="radio"
                value={String(value)}
                className="accent-primary-600"
                {...form.register('nota')}
              />
              {t('hrTickets.employee.ratingValue', { count: value })}
            </label>
          ))}
        </div>
        {errors.nota?.message && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {errors.nota.message}
          </p>
        )}
      </fieldset>
      <TextareaField
        label={t('hrTickets.employee.rateComment')}
        rows={3}
        maxLength={hrLimits.ratingCommentMax}
        error={errors.comentario?.message}
        {...form.register('comentario')}
      />
      <div>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('hrTickets.employee.rateSubmit')}
        </Button>
      </div>
    </form>
  );
}

/** One of the person's tickets: its facts, the thread, the reply form (not when closed) and the rating. */
export function TicketView({ ticket }: { ticket: Chamado }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <section aria-labelledby="chamado-titulo" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link
          to={paths.portal.hrContact}
          className="self-start text-sm text-primary-ink underline underline-offset-2"
        >
          {t('hrTickets.employee.backToList')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="chamado-titulo" className="text-xl font-semibold text-slate-900">
            {t('hrTickets.ticketTitle', { protocol: ticket.protocolo })}
          </h2>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-700">{t('hrTickets.subject')}</dt>
          <dd className="text-slate-900">{ticket.assunto}</dd>
          <dt className="font-medium text-slate-700">{t('hrTickets.openedAt')}</dt>
          <dd className="text-slate-900">{formatDateTime(ticket.dtAbertura, language)}</dd>
        </dl>
      </div>
      <Thread ticket={ticket} />
      {ticket.nota !== null && (
        <div className="rounded-md border border-slate-200 bg-white p-4">
          <p className="font-medium text-slate-900">
            {t('hrTickets.employee.yourRating', { rating: ticket.nota })}
          </p>
          {ticket.comentarioAvaliacao && (
            <p className="mt-1 break-words whitespace-pre-wrap text-slate-700">
              {ticket.comentarioAvaliacao}
            </p>
          )}
        </div>
      )}
      {ticket.flPodeAvaliar === 'S' && <RatingForm ticket={ticket} />}
      {ticket.status === TicketStatus.closed ? (
        <Alert type="info" title={t('hrTickets.employee.closedTitle')}>
          {t('hrTickets.employee.closedText')}
        </Alert>
      ) : (
        <ReplyForm key={ticket.idChamado} ticket={ticket} />
      )}
    </section>
  );
}
