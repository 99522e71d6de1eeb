import type { TelaTv } from '@elo/contract/calls/tv';
import { AdminPermission } from '@elo/contract/enums';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAccess } from '#lib/admin-access.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, type DataColumn } from '#ui/data-table.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { TvPairDialog, tvAddress } from '../components/tv-pair-dialog.tsx';
import { TvPreviewDialog } from '../components/tv-preview-dialog.tsx';
import { TvScreenFormDialog } from '../components/tv-screen-form-dialog.tsx';
import { useDeleteTvScreen, useRevokeTvScreen, useTvGroups, useTvScreens } from '../hooks/use-tv-admin.ts';
import { relativeTime } from '../last-seen.ts';

const badge = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';

/**
 * The corporate TV's screens (/admin/tv-corporativa): name, groups, pace, content, pairing and
 * whether each TV is online (refreshed every 30 s); created, edited, paired by code, revoked and
 * deleted by administrators who may edit; previewed by every TV administrator.
 */
export function AdminTvPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { canEdit } = useAdminAccess(AdminPermission.corporateTv);
  const showToast = useToastStore((state) => state.showToast);
  const screens = useTvScreens();
  const groups = useTvGroups();
  const revoke = useRevokeTvScreen();
  const remove = useDeleteTvScreen();
  const [editing, setEditing] = useState<TelaTv | null | false>(false);
  const [pairing, setPairing] = useState<TelaTv | null>(null);
  const [previewing, setPreviewing] = useState<TelaTv | null>(null);
  const [revoking, setRevoking] = useState<TelaTv | null>(null);
  const [deleting, setDeleting] = useState<TelaTv | null>(null);
  // 'Last seen' is worded from when the list was fetched (it refreshes every 30 s).
  const now = new Date(screens.dataUpdatedAt);

  const groupNames = (screen: TelaTv) =>
    screen.idsGrupos.length === 0
      ? t('corporateTv.admin.wallOnly')
      : screen.idsGrupos
          .map((id) => groups.data?.find((group) => group.idGrupo === id)?.nome ?? `#${id}`)
          .join(', ');
  const contentOf = (screen: TelaTv) => {
    const parts: string[] = [];
    if (screen.flComunicados === 'S') parts.push(t('corporateTv.admin.contentAnnouncements'));
    if (screen.flPublicacoes === 'S')
      parts.push(t('corporateTv.admin.contentPublications', { count: screen.qtdPublicacoes }));
    if (screen.flAniversariantes === 'S') parts.push(t('corporateTv.admin.contentBirthdays'));
    return parts.length > 0 ? parts.join(', ') : t('corporateTv.admin.contentNone');
  };

  const columns: DataColumn<TelaTv>[] = [
    {
      id: 'nome',
      header: t('corporateTv.admin.columns.name'),
      cell: (screen) => screen.nome,
      sortValue: (screen) => screen.nome,
      rowHeader: true,
      className: 'break-words',
    },
    {
      id: 'grupos',
      header: t('corporateTv.admin.columns.groups'),
      cell: groupNames,
      className: 'break-words',
    },
    {
      id: 'segundos',
      header: t('corporateTv.admin.columns.seconds'),
      cell: (screen) => screen.segundosPorSlide,
      sortValue: (screen) => screen.segundosPorSlide,
    },
    { id: 'conteudo', header: t('corporateTv.admin.columns.content'), cell: contentOf },
    {
      id: 'pareada',
      header: t('corporateTv.admin.columns.paired'),
      cell: (screen) => (
        <span
          className={clsx(
            badge,
            screen.flPareada === 'S' ? 'bg-sky-100 text-sky-900' : 'bg-slate-200 text-slate-800',
          )}
        >
          {screen.flPareada === 'S' ? t('corporateTv.admin.paired') : t('corporateTv.admin.notPaired')}
        </span>
      ),
    },
    {
      id: 'situacao',
      header: t('corporateTv.admin.columns.status'),
      cell: (screen) => (
        <div className="flex flex-col items-start gap-1">
          <span
            className={clsx(
              badge,
              screen.flOnline === 'S' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800',
            )}
          >
            {screen.flOnline === 'S' ? t('corporateTv.admin.online') : t('corporateTv.admin.offline')}
          </span>
          <span className="text-xs text-slate-700">
            {screen.dtUltimoContato
              ? t('corporateTv.admin.lastSeen', {
                  relative: relativeTime(screen.dtUltimoContato, now, language),
                  date: formatDateTime(screen.dtUltimoContato, language),
                })
              : t('corporateTv.admin.neverSeen')}
          </span>
        </div>
      ),
    },
  ];

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.idTela);
      showToast({
        type: 'success',
        message: t('corporateTv.admin.revokeDialog.done', { name: revoking.nome }),
      });
    } catch (failure) {
      showErrorToast(failure);
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.idTela);
      showToast({
        type: 'success',
        message: t('corporateTv.admin.removeDialog.done', { name: deleting.nome }),
      });
    } catch (failure) {
      showErrorToast(failure);
    }
  };

  return (
    <>
      <PageHeader
        title={t('corporateTv.admin.title')}
        description={t('corporateTv.admin.description')}
        breadcrumb={adminBreadcrumb(t('corporateTv.admin.title'))}
        actions={
          canEdit ? <Button onClick={() => setEditing(null)}>{t('corporateTv.admin.new')}</Button> : undefined
        }
      />
      <p className="mb-4 text-sm break-words text-slate-700">
        {t('corporateTv.admin.setupHint', { address: tvAddress() })}
      </p>
      {!canEdit && (
        <Alert type="info" className="mb-4">
          {t('corporateTv.admin.readOnly')}
        </Alert>
      )}
      <DataTable
        caption={t('corporateTv.admin.caption')}
        columns={columns}
        rows={screens.data ?? []}
        getRowId={(screen) => String(screen.idTela)}
        rowName={(screen) => screen.nome}
        loading={screens.isPending}
        error={screens.error && !screens.data ? screens.error.message : undefined}
        onRetry={() => void screens.refetch()}
        empty={
          <span className="flex flex-col gap-1">
            <span className="font-semibold">{t('corporateTv.admin.emptyTitle')}</span>
            <span>{t('corporateTv.admin.emptyDescription')}</span>
          </span>
        }
        rowActions={(screen) => (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`${t('corporateTv.admin.preview')}: ${screen.nome}`}
              onClick={() => setPreviewing(screen)}
            >
              {t('corporateTv.admin.preview')}
            </Button>
            {canEdit && (
              <>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`${t('corporateTv.admin.edit')}: ${screen.nome}`}
                  onClick={() => setEditing(screen)}
                >
                  {t('corporateTv.admin.edit')}
                </Button>
                <Button
                  size="sm"
                  aria-label={`${t('corporateTv.admin.pair')}: ${screen.nome}`}
                  onClick={() => setPairing(screen)}
                >
                  {t('corporateTv.admin.pair')}
                </Button>
                {screen.flPareada === 'S' && (
                  <Button
                    size="sm"
                    variant="danger-secondary"
                    aria-label={`${t('corporateTv.admin.revoke')}: ${screen.nome}`}
                    onClick={() => setRevoking(screen)}
                  >
                    {t('corporateTv.admin.revoke')}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="danger-secondary"
                  aria-label={`${t('corporateTv.admin.remove')}: ${screen.nome}`}
                  onClick={() => setDeleting(screen)}
                >
                  {t('corporateTv.admin.remove')}
                </Button>
              </>
            )}
          </div>
        )}
        rowActionsLabel={(screen) => t('corporateTv.admin.actionsOf', { name: screen.nome })}
      />
      {canEdit && (
        <>
          <TvScreenFormDialog
            open={editing !== false}
            onOpenChange={(open) => {
              if (!open) setEditing(false);
            }}
            screen={editing === false ? null : editing}
            reload={async () => {
              if (!editing) return undefined;
              const fresh = (await screens.refetch()).data?.find((row) => row.idTela === editing.idTela);
              if (fresh) setEditing(fresh);
              return fresh;
            }}
          />
          <TvPairDialog
            screen={pairing}
            onOpenChange={(open) => {
              if (!open) setPairing(null);
            }}
          />
        </>
      )}
      <TvPreviewDialog
        screen={previewing}
        onOpenChange={(open) => {
          if (!open) setPreviewing(null);
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={t('corporateTv.admin.revokeDialog.title', { name: revoking?.nome ?? '' })}
        description={t('corporateTv.admin.revokeDialog.description')}
        confirmLabel={t('corporateTv.admin.revokeDialog.confirm')}
        variant="danger"
        onConfirm={confirmRevoke}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('corporateTv.admin.removeDialog.title', { name: deleting?.nome ?? '' })}
        description={t('corporateTv.admin.removeDialog.description')}
        confirmLabel={t('corporateTv.admin.removeDialog.confirm')}
        variant="danger"
        onConfirm={confirmDelete}
      />
    </>
  );
}
