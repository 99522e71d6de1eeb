import {
  DeletionRequestStatus,
  type DeletionRequestStatusValue,
  type SolicitacaoExclusao,
} from '@elo/contract/calls/my-account';
import { AdminPermission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { choiceFilter, useUrlFilters } from '#lib/url-filters.ts';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { Modal } from '#ui/modal.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { useDecideDeletionRequest, useDeletionRequests } from '../hooks/use-deletion-requests.ts';

const statuses = Object.values(DeletionRequestStatus) as DeletionRequestStatusValue[];
// The list's filter in the URL (?status=PENDENTE&pagina=2).
const filterDefinitions = { status: choiceFilter(statuses) };

/** Comments longer than this are cut in the table; the whole comment opens in a dialog. */
const commentPreviewChars = 80;

/**
 * The users' account deletion requests (/admin/usuarios/solicitacoes-exclusao): who asked, their
 * comment (read whole in a dialog), when, and the status; an editor cancels a pending request or
 * forces the deletion, each after confirming.
 */
export function AdminDeletionRequestsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { canEdit } = useAdminAccess(AdminPermission.users);
  const { filters, page, setFilter, setPage } = useUrlFilters(filterDefinitions);
  const pageSize = limits.pageSize.admin;
  const listQuery = useDeletionRequests({
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
    ...(filters.status ? { status: filters.status } : {}),
  });
  const { data } = listQuery;
  const decide = useDecideDeletionRequest();
  const showToast = useToastStore((store) => store.showToast);
  const [reading, setReading] = useState<SolicitacaoExclusao | null>(null);
  const [deciding, setDeciding] = useState<{
    request: SolicitacaoExclusao;
    decision: 'cancel' | 'force';
  } | null>(null);

  const statusLabel = (status: DeletionRequestStatusValue) => t(`admin.deletionRequests.status.${status}`);
  const personOf = (request: SolicitacaoExclusao) => request.usuario.nome;

  const columns: DataColumn<SolicitacaoExclusao>[] = [
    {
      id: 'person',
      header: t('admin.deletionRequests.columns.person'),
      rowHeader: true,
      cell: (request) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-900">{request.usuario.nome}</span>
          <span className="text-sm text-slate-600">
            {request.usuario.email ?? request.usuario.matricula ?? ''}
          </span>
        </span>
      ),
    },
    {
      id: 'comment',
      header: t('admin.deletionRequests.columns.comment'),
      cell: (request) => (
        <span className="flex flex-col items-start gap-1">
          <span className="break-words">
            {request.comentario.length > commentPreviewChars
              ? `${request.comentario.slice(0, commentPreviewChars)}…`
              : request.comentario}
          </span>
          <Button
            size="sm"
            variant="tertiary"
            aria-label={t('admin.deletionRequests.readCommentOf', { name: personOf(request) })}
            onClick={() => setReading(request)}
          >
            {t('admin.deletionRequests.readComment')}
          </Button>
        </span>
      ),
    },
    {
      id: 'date',
      header: t('admin.deletionRequests.columns.date'),
      className: 'whitespace-nowrap',
      cell: (request) => formatDateTime(request.dtSolicitacao, language),
    },
    {
      id: 'status',
      header: t('admin.deletionRequests.columns.status'),
      cell: (request) => (
        <span className="flex flex-col">
          <span>{statusLabel(request.status)}</span>
          {request.dtDecisao && (
            <span className="text-sm text-slate-600">
              {t('admin.deletionRequests.decidedBy', {
                name: request.nomeResponsavel ?? '—',
                date: formatDateTime(request.dtDecisao, language),
              })}
            </span>
          )}
        </span>
      ),
    },
  ];

  const confirmDecision = async () => {
    if (!deciding) return;
    const { request, decision } = deciding;
    try {
      await decide.mutateAsync({ idSolicitacao: request.idSolicitacao, decision });
      showToast({
        type: 'success',
        message: t(
          decision === 'cancel' ? 'admin.deletionRequests.cancelled' : 'admin.deletionRequests.forced',
          { name: personOf(request) },
        ),
      });
    } catch (failure) {
      showErrorToast(failure);
    }
  };

  return (
    <>
      <PageHeader
        title={t('admin.deletionRequests.title')}
        description={t('admin.deletionRequests.description')}
        breadcrumb={adminBreadcrumb(t('admin.deletionRequests.title'), {
          label: t('admin.sections.users'),
          to: paths.admin.users,
        })}
      />
      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('admin.deletionRequests.statusFilter')}
          placeholder={t('admin.deletionRequests.allStatuses')}
          value={filters.status ?? ''}
          onChange={(event) =>
            setFilter('status', statuses.find((status) => status === event.target.value) ?? null)
          }
          options={statuses.map((status) => ({ value: status, label: statusLabel(status) }))}
        />
      </div>
      <DataTable
        caption={t('admin.deletionRequests.caption')}
        columns={columns}
        rows={data?.listSolicitacoes ?? []}
        getRowId={(request) => String(request.idSolicitacao)}
        rowName={personOf}
        {...tableStateOf(listQuery)}
        empty={
          <>
            <span className="block font-semibold text-slate-900">
              {t('admin.deletionRequests.emptyTitle')}
            </span>
            {t('admin.deletionRequests.emptyDescription')}
          </>
        }
        pagination={{ page, pageSize, onPageChange: setPage, total: data?.qtdTotalRegistros ?? 0 }}
        rowActionsLabel={(request) => t('admin.deletionRequests.actionsOf', { name: personOf(request) })}
        rowActions={
          canEdit
            ? (request) =>
                request.status === DeletionRequestStatus.pending ? (
                  <span className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setDeciding({ request, decision: 'cancel' })}
                    >
                      {t('admin.deletionRequests.cancel')}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      onClick={() => setDeciding({ request, decision: 'force' })}
                    >
                      {t('admin.deletionRequests.force')}
                    </Button>
                  </span>
                ) : null
            : undefined
        }
      />
      <Modal
        open={reading !== null}
        onOpenChange={(open) => !open && setReading(null)}
        title={t('admin.deletionRequests.commentTitle', { name: reading ? personOf(reading) : '' })}
        description={reading ? formatDateTime(reading.dtSolicitacao, language) : undefined}
        footer={
          <Button variant="secondary" onClick={() => setReading(null)}>
            {t('common.close')}
          </Button>
        }
      >
        <p className="break-words whitespace-pre-wrap text-slate-900">{reading?.comentario}</p>
      </Modal>
      <ConfirmDialog
        open={deciding !== null}
        onOpenChange={(open) => !open && setDeciding(null)}
        title={t(
          deciding?.decision === 'force'
            ? 'admin.deletionRequests.forceTitle'
            : 'admin.deletionRequests.cancelTitle',
          { name: deciding ? personOf(deciding.request) : '' },
        )}
        description={t(
          deciding?.decision === 'force'
            ? 'admin.deletionRequests.forceDescription'
            : 'admin.deletionRequests.cancelDescription',
        )}
        confirmLabel={t(
          deciding?.decision === 'force' ? 'admin.deletionRequests.force' : 'admin.deletionRequests.cancel',
        )}
        variant={deciding?.decision === 'force' ? 'danger' : 'primary'}
        onConfirm={confirmDecision}
      />
    </>
  );
}
