import { toFlag } from '@elo/contract/wire';
import {
  respondeChamadoAdmin,
  type ChamadoAdmin,
  type consultaChamadoAdmin,
  type TicketStatusValue,
} from '@elo/contract/calls/hr-tickets';
import type { CallOutput } from '@elo/contract/define-call';
import { AdminPermission } from '@elo/contract/enums';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { z } from 'zod';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { useContractForm } from '#lib/contract-form.ts';
import { formatDateTime } from '#lib/dates.ts';
import { ticketAttachmentLinks, ticketStatuses, ticketStatusLabel } from '#lib/hr-tickets.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { routeId } from '#lib/route-id.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { TicketAttachmentsField, TicketMessageField } from '../../components/ticket-message-fields.tsx';
import { TicketStatusBadge } from '../../components/ticket-status-badge.tsx';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { MessageThread, type ThreadMessage } from '#ui/message-thread.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { RecordPending } from '#ui/record-pending.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import { ConfidentialMark, LateMark } from '../components/ticket-marks.tsx';
import {
  useAdminTicket,
  useAssignTicket,
  useCannedAnswers,
  useChangeTicketStatus,
  useReplyTicket,
  useTicketResponsibles,
} from '../hooks/use-hr-portal.ts';

type TicketAnswer = CallOutput<typeof consultaChamadoAdmin>;

const replySchema = z.object({
  mensagem: respondeChamadoAdmin.input.shape.mensagem,
  flNotaInterna: z.boolean(),
  anexos: z.array(z.custom<File>()),
});
type ReplyForm = z.input<typeof replySchema>;
const replyFields: FormFields<ReplyForm> = { fields: ['mensagem', 'flNotaInterna', 'anexos'] };

/** One fact of the ticket: a term and its value. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Who the ticket is from, what about, and how its SLA stands. */
function TicketFacts({ ticket }: { ticket: ChamadoAdmin }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const when = (value: string | null) =>
    value ? formatDateTime(value, language) : t('hrTickets.admin.ticket.none');
  return (
    <TitledSection
      title={t('hrTickets.admin.ticket.facts')}
      id="fatos-chamado"
      headingGap
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact term={t('hrTickets.admin.ticket.requester')}>
          {ticket.solicitante.nome}
          {ticket.solicitante.email && (
            <span className="block text-sm break-all text-slate-700">{ticket.solicitante.email}</span>
          )}
          {ticket.solicitante.setor && (
            <span className="block text-sm text-slate-700">{ticket.solicitante.setor}</span>
          )}
        </Fact>
        <Fact term={t('hrTickets.subject')}>
          <span className="flex flex-wrap items-center gap-2">
            {ticket.assunto}
            {ticket.flConfidencial === 'S' && <ConfidentialMark />}
          </span>
        </Fact>
        <Fact term={t('hrTickets.admin.ticket.opened')}>{when(ticket.dtAbertura)}</Fact>
        <Fact term={t('hrTickets.admin.ticket.firstResponse')}>{when(ticket.dtPrimeiraResposta)}</Fact>
        <Fact term={t('hrTickets.admin.ticket.firstResponseDue')}>
          {ticket.dtLimitePrimeiraResposta
            ? when(ticket.dtLimitePrimeiraResposta)
            : t('hrTickets.admin.noTarget')}
        </Fact>
        <Fact term={t('hrTickets.admin.ticket.resolutionDue')}>
          {ticket.dtLimiteSolucao ? when(ticket.dtLimiteSolucao) : t('hrTickets.admin.noTarget')}
        </Fact>
        <Fact term={t('hrTickets.admin.ticket.resolved')}>{when(ticket.dtResolucao)}</Fact>
        <Fact term={t('hrTickets.admin.ticket.rating')}>
          {ticket.nota === null
            ? t('hrTickets.admin.ticket.noRating')
            : t('hrTickets.admin.ticket.ratingValue', { rating: ticket.nota })}
          {ticket.comentarioAvaliacao && (
            <span className="block text-sm break-words whitespace-pre-wrap text-slate-700">
              {ticket.comentarioAvaliacao}
            </span>
          )}
        </Fact>
      </dl>
      {(ticket.flAtrasado === 'S' || ticket.flSlaPausado === 'S') && (
        <p className="mt-3 flex flex-wrap gap-2">
          {ticket.flAtrasado === 'S' && <LateMark />}
          {ticket.flSlaPausado === 'S' && (
            <span className="text-sm font-medium text-violet-900">{t('hrTickets.admin.paused')}</span>
          )}
        </p>
      )}
    </TitledSection>
  );
}

/** The status and responsible selects; each change is sent as it is chosen. */
function TicketControls({ ticket }: { ticket: ChamadoAdmin }) {
  const { t } = useTranslation();
  const showToast = useToastStore((store) => store.showToast);
  const responsibles = useTicketResponsibles(ticket.idChamado);
  const changeStatus = useChangeTicketStatus();
  const assign = useAssignTicket();
  const options = responsibles.data ?? (ticket.responsavel ? [ticket.responsavel] : []);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <SelectField
        label={t('hrTickets.admin.ticket.statusField')}
        value={ticket.status}
        disabled={changeStatus.isPending}
        onChange={(event) => {
          const status = event.target.value as TicketStatusValue;
          changeStatus.mutate(
            { idChamado: ticket.idChamado, status },
            {
              onSuccess: () =>
                showToast({
                  type: 'success',
                  message: t('hrTickets.admin.ticket.statusSaved', { status: ticketStatusLabel(status) }),
                }),
              onError: (error) => showErrorToast(error, t('hrTickets.admin.ticket.changeFailed')),
            },
          );
        }}
        options={ticketStatuses.map((status) => ({ value: status, label: ticketStatusLabel(status) }))}
      />
      <SelectField
        label={t('hrTickets.admin.ticket.responsibleField')}
        placeholder={ticket.responsavel ? undefined : t('hrTickets.admin.unassigned')}
        value={ticket.responsavel ? String(ticket.responsavel.idUsuario) : ''}
        disabled={assign.isPending}
        onChange={(event) => {
          const person = options.find((option) => String(option.idUsuario) === event.target.value);
          if (!person) return;
          assign.mutate(
            { idChamado: ticket.idChamado, idUsuarioResponsavel: person.idUsuario },
            {
              onSuccess: () =>
                showToast({
                  type: 'success',
                  message: t('hrTickets.admin.ticket.assigned', { name: person.nome }),
                }),
              onError: (error) => showErrorToast(error, t('hrTickets.admin.ticket.changeFailed')),
            },
          );
        }}
        options={options.map((person) => ({ value: String(person.idUsuario), label: person.nome }))}
      />
    </div>
  );
}

/** The whole thread: the employee's messages, HR's answers and, marked apart, HR's internal notes. */
function AdminThread({ answer }: { answer: TicketAnswer }) {
  const { t } = useTranslation();
  return (
    <MessageThread
      label={t('hrTickets.thread')}
      showKind
      wide
      messages={answer.mensagens.map((message): ThreadMessage => {
        const note = message.flNotaInterna === 'S';
        const fromHr = message.flRh === 'S';
        return {
          id: message.idMensagem,
          kind: note
            ? t('hrTickets.admin.internalNote')
            : fromHr
              ? t('hrTickets.admin.hrMessage')
              : t('hrTickets.admin.requesterMessage'),
          author: message.autor?.nome ?? t('hrTickets.hrTeam'),
          sentAt: message.dtEnvio,
          text: message.texto,
          attachments: ticketAttachmentLinks(message.anexos),
          tone: note ? 'note' : fromHr ? 'mine' : 'theirs',
        };
      })}
    />
  );
}

/** HR's reply: a canned answer to start from, the text, the internal-note switch, attachments. */
function AdminReplyForm({ ticket }: { ticket: ChamadoAdmin }) {
  const { t } = useTranslation();
  const showToast = useToastStore((store) => store.showToast);
  const reply = useReplyTicket(ticket.idChamado);
  const canned = useCannedAnswers(ticket.idAssunto, true);
  const { form, failure, submit } = useContractForm<ReplyForm>(replySchema, {
    defaultValues: { mensagem: '', flNotaInterna: false, anexos: [] },
    fields: replyFields,
    failureTitle: t('hrTickets.admin.reply.failed'),
  });
  const note = form.watch('flNotaInterna');
  const onSubmit = submit(async (values) => {
    await reply.mutateAsync({
      mensagem: values.mensagem,
      flNotaInterna: toFlag(values.flNotaInterna),
      anexos: values.anexos,
    });
    form.reset();
    showToast({
      type: 'success',
      message: values.flNotaInterna ? t('hrTickets.admin.reply.noteSaved') : t('hrTickets.admin.reply.sent'),
    });
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-labelledby="responder-chamado"
        className={clsx(
          'flex flex-col gap-4 rounded-lg border p-4',
          note ? 'border-dashed border-amber-700 bg-amber-50' : 'border-slate-200 bg-white',
        )}
      >
        <h2 id="responder-chamado" className="text-lg font-semibold text-slate-900">
          {note ? t('hrTickets.admin.internalNote') : t('hrTickets.admin.reply.heading')}
        </h2>
        {failure?.message && (
          <Alert type="error" title={t('hrTickets.admin.reply.failed')}>
            {failure.message}
          </Alert>
        )}
        {(canned.data ?? []).length > 0 && (
          <SelectField
            label={t('hrTickets.admin.reply.cannedAnswer')}
            placeholder={t('hrTickets.admin.reply.noCanned')}
            value=""
            onChange={(event) => {
              const chosen = canned.data?.find((item) => String(item.idResposta) === event.target.value);
              if (chosen)
                form.setValue('mensagem', chosen.texto, { shouldDirty: true, shouldValidate: false });
            }}
            options={(canned.data ?? []).map((item) => ({
              value: String(item.idResposta),
              label: item.titulo,
            }))}
          />
        )}
        <TicketMessageField rows={6} />
        <CheckboxField
          label={t('hrTickets.admin.reply.internalNote')}
          hint={t('hrTickets.admin.reply.internalNoteHint')}
          {...form.register('flNotaInterna')}
        />
        <TicketAttachmentsField />
        <div>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {note ? t('hrTickets.admin.reply.saveNote') : t('hrTickets.admin.reply.send')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * One ticket in the HR portal (/admin/portal-rh/chamados/{id}): its facts and SLA, the status and
 * responsible, the thread with internal notes, and the reply form. A read-only administrator (L)
 * reads it all without the controls.
 */
export function AdminHrTicketPage() {
  const { t } = useTranslation();
  const idChamado = routeId(useParams().idChamado);
  const { data, error } = useAdminTicket(idChamado);
  if (!data || idChamado === null) {
    return (
      <RecordPending
        header={<PageHeader title={t('hrTickets.admin.title')} />}
        error={error ?? (idChamado === null ? new Error(t('hrTickets.admin.ticket.loadFailed')) : null)}
        errorTitle={t('hrTickets.admin.ticket.loadFailed')}
        loadingLabel={t('hrTickets.admin.ticket.loading')}
      />
    );
  }
  return <TicketDetails answer={data} />;
}

function TicketDetails({ answer }: { answer: TicketAnswer }) {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.hrPortal);
  const ticket = answer.chamado;
  const title = t('hrTickets.ticketTitle', { protocol: ticket.protocolo });
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={adminBreadcrumb(title, { label: t('hrTickets.admin.title'), to: paths.admin.hrPortal })}
        actions={<TicketStatusBadge status={ticket.status} />}
      />
      <div className="flex flex-col gap-6">
        {!canEdit && (
          <Alert type="info" title={t('hrTickets.admin.title')}>
            {t('hrTickets.admin.readOnly')}
          </Alert>
        )}
        <TicketFacts ticket={ticket} />
        {canEdit && <TicketControls ticket={ticket} />}
        <AdminThread answer={answer} />
        {canEdit && <AdminReplyForm key={ticket.idChamado} ticket={ticket} />}
      </div>
    </>
  );
}
