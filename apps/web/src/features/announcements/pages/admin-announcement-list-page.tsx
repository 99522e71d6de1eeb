import {
  AnnouncementStatus,
  type AnnouncementStatusValue,
  type ComunicadoAdmin,
} from '@elo/contract/calls/announcements';
import { AdminPermission } from '@elo/contract/enums';
import { arrayMove } from '@dnd-kit/sortable';
import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAccess } from '#lib/admin-access.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { choiceFilter, useUrlFilters } from '#lib/url-filters.ts';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { LoadFailedAlert } from '#ui/load-failed-alert.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { Pagination } from '#ui/pagination.tsx';
import { SelectField } from '#ui/select-field.tsx';
import {
  DragHandle,
  MoveButtons,
  SortableItem,
  SortableList,
  type DragHandleProps,
} from '#ui/sortable-list.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { AnnouncementFormDialog } from '../components/announcement-form-dialog.tsx';
import {
  useAnnouncementGroups,
  useAnnouncementList,
  useDeleteAnnouncement,
  useReorderAnnouncements,
} from '../hooks/use-announcements.ts';

const statuses = [AnnouncementStatus.active, AnnouncementStatus.scheduled, AnnouncementStatus.ended] as const;
// The list's filter in the URL (?status=agendado&pagina=2).
const filterDefinitions = { status: choiceFilter(statuses) };
const pageSize = 20;

const statusClasses: Record<AnnouncementStatusValue, string> = {
  ativo: 'bg-emerald-100 text-emerald-900',
  agendado: 'bg-sky-100 text-sky-900',
  encerrado: 'bg-slate-200 text-slate-800',
};

/**
 * The HR announcements (/admin/comunicados): the carousel's order, with status filter, dates,
 * groups, views and clicks; reordered by dragging, by the keyboard or with move buttons; created,
 * edited and deleted by administrators who may edit.
 */
export function AdminAnnouncementListPage() {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.announcements);
  const showToast = useToastStore((state) => state.showToast);
  const { filters, page, setFilter, setPage } = useUrlFilters(filterDefinitions);
  const { data, error, isPending, refetch } = useAnnouncementList({
    idPaginaAtual: page,
    qtdRegistrosPorPagina: pageSize,
    ...(filters.status ? { status: filters.status } : {}),
  });
  const groups = useAnnouncementGroups();
  const reorder = useReorderAnnouncements();
  const remove = useDeleteAnnouncement();
  const [editing, setEditing] = useState<ComunicadoAdmin | null | 'new'>(null);
  const [deleting, setDeleting] = useState<ComunicadoAdmin | null>(null);
  // The order shown while a reorder is on its way (the server's answer replaces it).
  const [localOrder, setLocalOrder] = useState<{ of: ComunicadoAdmin[]; ids: number[] } | null>(null);
  // The item whose ↑/↓ was pressed: its focus follows it to its new place.
  const [movedFocus, setMovedFocus] = useState<{ id: number; direction: 'up' | 'down' } | null>(null);

  const rows = data?.listComunicados ?? [];
  const order = localOrder && localOrder.of === rows ? localOrder.ids : rows.map((row) => row.idComunicado);
  const shown = order.map((id) => rows.find((row) => row.idComunicado === id)!).filter(Boolean);
  const nameOf = (row: ComunicadoAdmin) => row.descricao || t('admin.announcementsAdmin.untitled');
  // The places in the company's carousel this page holds (a reorder keeps them, sending the
  // page's items in their new order): the number a slot shows is the place, not the page's index.
  const places = rows.map((row) => row.ordem).sort((a, b) => a - b);
  const placeAt = (index: number) => places[index] ?? index + 1;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= order.length || from === to) return;
    const ids = arrayMove(order, from, to);
    setLocalOrder({ of: rows, ids });
    reorder.mutate(ids, {
      onSuccess: () =>
        showToast({
          type: 'success',
          message: t('admin.announcementsAdmin.moved', { name: nameOf(shown[from]!), position: placeAt(to) }),
        }),
      onError: (failure) => {
        setLocalOrder(null);
        showErrorToast(failure);
      },
    });
  };

  const groupNames = (row: ComunicadoAdmin) =>
    row.idsGrupos.length === 0
      ? t('admin.announcementsAdmin.everyone')
      : row.idsGrupos
          .map((id) => groups.data?.find((group) => group.idGrupo === id)?.nome ?? `#${id}`)
          .join(', ');

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.idComunicado);
      showToast({ type: 'success', message: t('admin.announcementsAdmin.deleted') });
    } catch (failure) {
      showErrorToast(failure);
    }
  };

  const list = (
    <ol className="flex flex-col gap-3" aria-label={t('admin.announcementsAdmin.listLabel')}>
      {shown.map((row, index) => (
        <SortableRow key={row.idComunicado} id={row.idComunicado} sortable={canEdit}>
          {(handle) => (
            <AnnouncementCard
              row={row}
              index={index}
              place={placeAt(index)}
              total={shown.length}
              name={nameOf(row)}
              groups={groupNames(row)}
              handle={canEdit ? handle : null}
              onMove={(to) => {
                setMovedFocus({ id: row.idComunicado, direction: to < index ? 'up' : 'down' });
                move(index, to);
              }}
              focusAfterMove={movedFocus?.id === row.idComunicado ? movedFocus.direction : null}
              onFocusedAfterMove={() => setMovedFocus(null)}
              onEdit={() => setEditing(row)}
              onDelete={() => setDeleting(row)}
            />
          )}
        </SortableRow>
      ))}
    </ol>
  );

  return (
    <>
      <PageHeader
        title={t('admin.announcementsAdmin.title')}
        description={t('admin.announcementsAdmin.description')}
        breadcrumb={adminBreadcrumb(t('admin.announcementsAdmin.title'))}
        actions={
          canEdit ? (
            <Button onClick={() => setEditing('new')}>{t('admin.announcementsAdmin.new')}</Button>
          ) : undefined
        }
      />
      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('admin.announcementsAdmin.statusFilter')}
          placeholder={t('admin.announcementsAdmin.allStatuses')}
          value={filters.status ?? ''}
          onChange={(event) =>
            setFilter('status', (event.target.value || null) as AnnouncementStatusValue | null)
          }
          options={statuses.map((status) => ({
            value: status,
            label: t(`admin.announcementsAdmin.status.${status}`),
          }))}
        />
      </div>
      {canEdit && rows.length > 1 && (
        <p className="mb-3 text-sm text-slate-700">{t('admin.announcementsAdmin.reorderHint')}</p>
      )}
      {error && !data ? (
        <LoadFailedAlert onRetry={() => void refetch()}>{error.message}</LoadFailedAlert>
      ) : isPending ? (
        <Spinner label={t('admin.announcementsAdmin.loading')} />
      ) : rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {t('admin.announcementsAdmin.empty')}
        </p>
      ) : canEdit ? (
        <SortableList ids={order} onMove={move} texts="admin.announcementsAdmin.dnd" placeOf={placeAt}>
          {list}
        </SortableList>
      ) : (
        list
      )}
      {data && data.qtdTotalRegistros > 0 && (
        <Pagination
          className="mt-4"
          page={page}
          pageSize={pageSize}
          total={data.qtdTotalRegistros}
          onPageChange={setPage}
        />
      )}
      <AnnouncementFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        announcement={editing === 'new' ? null : editing}
        reload={async () => {
          if (editing === null || editing === 'new') return undefined;
          const fresh = (await refetch()).data?.listComunicados.find(
            (row) => row.idComunicado === editing.idComunicado,
          );
          if (fresh) setEditing(fresh);
          return fresh;
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('admin.announcementsAdmin.deleteTitle')}
        description={t('admin.announcementsAdmin.deleteDescription', {
          name: deleting ? nameOf(deleting) : '',
        })}
        confirmLabel={t('admin.announcementsAdmin.delete')}
        variant="danger"
        onConfirm={confirmDelete}
      />
    </>
  );
}

function SortableRow({
  id,
  sortable,
  children,
}: {
  id: number;
  sortable: boolean;
  children: (handle: DragHandleProps) => React.ReactNode;
}) {
  if (!sortable) return <li>{children({})}</li>;
  return <SortableItem id={id}>{children}</SortableItem>;
}

function AnnouncementCard({
  row,
  index,
  place,
  total,
  name,
  groups,
  handle,
  onMove,
  focusAfterMove,
  onFocusedAfterMove,
  onEdit,
  onDelete,
}: {
  row: ComunicadoAdmin;
  index: number;
  /** Its place in the company's carousel (1 first). */
  place: number;
  total: number;
  /** The move button pressed last, to focus again once the item is in its new place. */
  focusAfterMove: 'up' | 'down' | null;
  onFocusedAfterMove: () => void;
  name: string;
  groups: string;
  handle: DragHandleProps | null;
  onMove: (to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  // After ↑/↓ the item is in its new place: focus stays on the button pressed, or on the other one
  // when that one is now disabled (first or last place), never on a disabled button.
  useEffect(() => {
    if (!focusAfterMove) return;
    const canUp = index > 0;
    const canDown = index < total - 1;
    const target = focusAfterMove === 'up' ? (canUp ? upRef : downRef) : canDown ? downRef : upRef;
    target.current?.focus();
    onFocusedAfterMove();
  }, [focusAfterMove, index, total, onFocusedAfterMove]);
  return (
    <article
      aria-label={name}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-start"
    >
      <div className="flex items-start gap-3">
        {handle && <DragHandle handle={handle} label={t('admin.announcementsAdmin.drag', { name })} />}
        {/* The text beside it names the image; the thumbnail only shows it. */}
        <img
          src={row.urlImagem}
          alt=""
          width={160}
          height={90}
          loading="lazy"
          className="aspect-[16/9] w-40 shrink-0 rounded-md border border-slate-200 object-cover"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm text-slate-800">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold break-words text-slate-900">{name}</h2>
          <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', statusClasses[row.status])}>
            {t(`admin.announcementsAdmin.status.${row.status}`)}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt className="font-medium">{t('admin.announcementsAdmin.position')}</dt>
          <dd>{place}</dd>
          <dt className="font-medium">{t('admin.announcementsAdmin.period')}</dt>
          <dd>
            {t('admin.announcementsAdmin.periodValue', {
              start: formatDateTime(row.dtInicio, language),
              end: formatDateTime(row.dtFim, language),
            })}
          </dd>
          <dt className="font-medium">{t('admin.announcementsAdmin.groups')}</dt>
          <dd className="break-words">{groups}</dd>
          <dt className="font-medium">{t('admin.announcementsAdmin.link')}</dt>
          <dd className="break-all">{row.link ?? '—'}</dd>
          <dt className="font-medium">{t('admin.announcementsAdmin.views')}</dt>
          <dd>{row.qtdVisualizacoes}</dd>
          <dt className="font-medium">{t('admin.announcementsAdmin.clicks')}</dt>
          <dd>{row.qtdCliques}</dd>
        </dl>
      </div>
      {handle && (
        <div className="flex flex-wrap gap-2 sm:flex-col">
          <div className="flex gap-2">
            <MoveButtons
              index={index}
              total={total}
              onMove={onMove}
              upLabel={t('admin.announcementsAdmin.moveUp', { name })}
              downLabel={t('admin.announcementsAdmin.moveDown', { name })}
              upRef={upRef}
              downRef={downRef}
            />
          </div>
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('admin.announcementsAdmin.editOf', { name })}
            onClick={onEdit}
          >
            {t('admin.announcementsAdmin.edit')}
          </Button>
          <Button
            size="sm"
            variant="danger-secondary"
            aria-label={t('admin.announcementsAdmin.deleteOf', { name })}
            onClick={onDelete}
          >
            {t('admin.announcementsAdmin.delete')}
          </Button>
        </div>
      )}
    </article>
  );
}
