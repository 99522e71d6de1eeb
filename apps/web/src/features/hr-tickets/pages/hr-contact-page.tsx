import type { ChamadoResumo } from '@elo/contract/calls/hr-tickets';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, queryParams } from '#lib/paths.ts';
import { formatDateTime } from '#lib/dates.ts';
import { ticketStatuses } from '#lib/hr-tickets.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { choiceFilter, useUrlFilters } from '#lib/url-filters.ts';
import { TicketStatusBadge } from '../components/ticket-status-badge.tsx';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { RetryButton } from '#ui/load-failed-alert.tsx';
import { PageHeading } from '#ui/page-heading.tsx';
import { Pagination } from '#ui/pagination.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { NewTicketDialog } from '../components/new-ticket-dialog.tsx';
import { TicketStatusFilter } from '../components/ticket-status-filter.tsx';
import { TicketView } from '../components/ticket-view.tsx';
import { useMyTicket, useMyTickets } from '../hooks/use-hr-contact.ts';

const pageSize = 10;
// The list's status filter in the URL (?status=ABERTO&pagina=2).
const filterDefinitions = { status: choiceFilter(ticketStatuses) };

/** One ticket of the list: a link to it with its protocol, subject, status, dates and unread mark. */
function TicketItem({ ticket }: { ticket: ChamadoResumo }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const unread = ticket.flMensagemNaoLida === 'S';
  return (
    <li>
      <Link
        to={`${paths.portal.hrContact}?${new URLSearchParams({ [queryParams.ticketId]: String(ticket.idChamado) })}`}
        className={clsx(
          'flex flex-col gap-2 rounded-lg border bg-white px-4 py-3 hover:bg-slate-50',
          unread ? 'border-primary-600' : 'border-slate-200',
        )}
      >
        <span className="flex flex-wrap items-center gap-2">
          <span className={clsx('text-slate-900', unread ? 'font-bold' : 'font-semibold')}>
            {t('hrTickets.ticketTitle', { protocol: ticket.protocolo })}
          </span>
          <TicketStatusBadge status={ticket.status} />
          {unread && (
            <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
              {t('hrTickets.employee.unread')}
            </span>
          )}
        </span>
        <span className="text-sm text-slate-800">{ticket.assunto}</span>
        <span className="flex flex-wrap gap-x-4 text-xs text-slate-600">
          <span>{t('hrTickets.openedOn', { date: formatDateTime(ticket.dtAbertura, language) })}</span>
          <span>
            {t('hrTickets.lastMessageOn', { date: formatDateTime(ticket.dtUltimaMensagem, language) })}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The person's tickets, filtered by status and paged, with "Novo chamado". */
function TicketList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showToast = useToastStore((store) => store.showToast);
  const [creating, setCreating] = useState(false);
  const { filters, page, setFilter, setPage } = useUrlFilters(filterDefinitions);
  const { data, error, isPending, refetch } = useMyTickets({
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
    ...(filters.status ? { status: filters.status } : {}),
  });
  const tickets = data?.listChamados ?? [];

  return (
    <>
      <PageHeading title={t('portal.hrContact.title')}>
        <Button onClick={() => setCreating(true)}>{t('hrTickets.employee.new')}</Button>
      </PageHeading>
      <p className="-mt-4 mb-6 max-w-3xl text-font-secondary">{t('hrTickets.employee.intro')}</p>
      <div className="mb-4 max-w-xs">
        <TicketStatusFilter value={filters.status} onChange={(status) => setFilter('status', status)} />
      </div>
      {isPending ? (
        <Spinner label={t('hrTickets.employee.loading')} />
      ) : error && !data ? (
        <Alert
          type="error"
          title={t('hrTickets.employee.loadFailed')}
          actions={<RetryButton onRetry={() => void refetch()} />}
        >
          {error.message}
        </Alert>
      ) : tickets.length === 0 ? (
        <EmptyState
          title={t('portal.hrContact.emptyTitle')}
          description={t('portal.hrContact.emptyDescription')}
        />
      ) : (
        <>
          <ul aria-label={t('hrTickets.employee.listLabel')} className="flex flex-col gap-3">
            {tickets.map((ticket) => (
              <TicketItem key={ticket.idChamado} ticket={ticket} />
            ))}
          </ul>
          <Pagination
            className="mt-4"
            page={page}
            pageSize={pageSize}
            total={data?.qtdTotalRegistros ?? 0}
            onPageChange={setPage}
          />
        </>
      )}
      {creating && (
        <NewTicketDialog
          open={creating}
          onOpenChange={setCreating}
          onOpened={(ticket) => {
            setCreating(false);
            showToast({
              type: 'success',
              message: t('hrTickets.employee.opened', { protocol: ticket.protocolo }),
            });
            void navigate(
              `${paths.portal.hrContact}?${new URLSearchParams({ [queryParams.ticketId]: String(ticket.idChamado) })}`,
            );
          }}
        />
      )}
    </>
  );
}

/** One ticket, opened from the list or by `?idChamado=N` (the e-mail's and the app's link). */
function TicketPage({ idChamado }: { idChamado: number }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useMyTicket(idChamado);
  return (
    <>
      <PageHeading title={t('portal.hrContact.title')} />
      {isPending ? (
        <Spinner label={t('hrTickets.employee.loadingTicket')} />
      ) : error ? (
        <Alert
          type="error"
          title={t('hrTickets.employee.ticketFailed')}
          actions={
            <div className="flex flex-wrap gap-2">
              <RetryButton onRetry={() => void refetch()} />
              <Link to={paths.portal.hrContact} className="text-sm text-primary-ink underline">
                {t('hrTickets.employee.backToList')}
              </Link>
            </div>
          }
        >
          {error.message}
        </Alert>
      ) : (
        <TicketView ticket={data} />
      )}
    </>
  );
}

/** Contact HR (/painel/fale-rh and /painel/fale-com-rh?idChamado=N from the e-mail and the app). */
export function HrContactPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get(queryParams.ticketId);
  const idChamado = raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return idChamado === null ? <TicketList /> : <TicketPage key={idChamado} idChamado={idChamado} />;
}
