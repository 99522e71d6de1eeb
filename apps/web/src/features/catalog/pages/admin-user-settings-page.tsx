import { toFlag } from '@elo/contract/wire';
import { peopleLimits } from '@elo/contract/calls/people-limits';
import {
  CatalogKind,
  SelfEditableField,
  type CatalogKindValue,
  type ItemCatalogo,
  type SelfEditableFieldValue,
} from '@elo/contract/calls/catalog';
import { AdminPermission } from '@elo/contract/enums';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAdminAccess } from '#lib/admin-access.ts';
import { ApiError, errorMessageOf } from '#lib/api-client.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DataTable, tableStateOf, type DataColumn } from '#ui/data-table.tsx';
import { Modal } from '#ui/modal.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { Tabs } from '#ui/tabs.tsx';
import { TextField } from '#ui/text-field.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import {
  useCatalog,
  useDeleteCatalogItem,
  useSaveCatalogItem,
  useSaveSelfEditableFields,
  useSelfEditableFields,
} from '../hooks/use-user-settings.ts';

const kinds: CatalogKindValue[] = [
  CatalogKind.unit,
  CatalogKind.branch,
  CatalogKind.sector,
  CatalogKind.jobTitle,
  CatalogKind.ticketSubject,
];
const fields: SelfEditableFieldValue[] = [
  SelfEditableField.profileText,
  SelfEditableField.photo,
  SelfEditableField.mobile,
];

/** The item being created (no id) or edited in the form dialog. */
type Editing = { id?: number; nome: string; flAtivo: 'S' | 'N' };

/** One catalogue: its items with the people using each, and (for editors) create, rename, (de)activate, delete. */
function CatalogPanel({ tipo, canEdit }: { tipo: CatalogKindValue; canEdit: boolean }) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const listQuery = useCatalog(tipo);
  const { data } = listQuery;
  const save = useSaveCatalogItem(tipo);
  const removal = useDeleteCatalogItem(tipo);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<ItemCatalogo | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const kindLabel = t(`admin.userSettings.kinds.${tipo}`);

  const open = (item: Editing) => {
    setNameError(undefined);
    setEditing(item);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    if (!editing.nome.trim()) {
      setNameError(t('admin.userSettings.nameRequired'));
      return;
    }
    try {
      const { item } = await save.mutateAsync(editing);
      showToast({ type: 'success', message: t('admin.userSettings.saved', { name: item.nome }) });
      setEditing(null);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.nome) setNameError(failure.fieldErrors.nome);
      else setNameError(errorMessageOf(failure, t('apiErrors.default')));
    }
  };

  const toggle = async (item: ItemCatalogo) => {
    setRefusal(null);
    try {
      await save.mutateAsync({ id: item.id, nome: item.nome, flAtivo: toFlag(item.flAtivo !== 'S') });
      showToast({
        type: 'success',
        message: t(item.flAtivo === 'S' ? 'admin.userSettings.deactivated' : 'admin.userSettings.activated', {
          name: item.nome,
        }),
      });
    } catch (failure) {
      setRefusal(errorMessageOf(failure, t('apiErrors.default')));
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const item = deleting;
    setRefusal(null);
    try {
      await removal.mutateAsync(item.id);
      showToast({ type: 'success', message: t('admin.userSettings.deleted', { name: item.nome }) });
    } catch (failure) {
      // In use: the server says by how many and to deactivate instead; the message stays on screen.
      setRefusal(errorMessageOf(failure, t('apiErrors.default')));
    } finally {
      setDeleting(null);
    }
  };

  const columns: DataColumn<ItemCatalogo>[] = [
    {
      id: 'name',
      header: t('admin.userSettings.columns.name'),
      rowHeader: true,
      cell: (item) => item.nome,
      sortValue: (item) => item.nome,
    },
    {
      id: 'active',
      header: t('admin.userSettings.columns.active'),
      cell: (item) => (item.flAtivo === 'S' ? t('admin.userSettings.yes') : t('admin.userSettings.no')),
    },
    {
      id: 'people',
      header:
        tipo === CatalogKind.ticketSubject
          ? t('admin.userSettings.columns.administrators')
          : t('admin.userSettings.columns.people'),
      align: 'end',
      cell: (item) => item.qtdUsuarios,
      sortValue: (item) => item.qtdUsuarios,
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      {refusal && (
        <Alert type="error" title={t('admin.userSettings.refused')} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {canEdit && (
        <div>
          <Button onClick={() => open({ nome: '', flAtivo: 'S' })}>
            {t('admin.userSettings.new', { kind: kindLabel })}
          </Button>
        </div>
      )}
      <DataTable
        caption={t('admin.userSettings.caption', { kind: kindLabel })}
        columns={columns}
        rows={data ?? []}
        getRowId={(item) => String(item.id)}
        rowName={(item) => item.nome}
        {...tableStateOf(listQuery)}
        empty={t('admin.userSettings.empty')}
        rowActions={
          canEdit
            ? (item) => (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${t('admin.userSettings.rename')}: ${item.nome}`}
                    onClick={() => open({ id: item.id, nome: item.nome, flAtivo: item.flAtivo })}
                  >
                    {t('admin.userSettings.rename')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${item.flAtivo === 'S' ? t('admin.userSettings.deactivate') : t('admin.userSettings.activate')}: ${item.nome}`}
                    onClick={() => void toggle(item)}
                  >
                    {item.flAtivo === 'S'
                      ? t('admin.userSettings.deactivate')
                      : t('admin.userSettings.activate')}
                  </Button>
                  <Button
                    size="sm"
                    variant="danger-secondary"
                    aria-label={`${t('admin.userSettings.delete')}: ${item.nome}`}
                    onClick={() => setDeleting(item)}
                  >
                    {t('admin.userSettings.delete')}
                  </Button>
                </div>
              )
            : undefined
        }
      />
      <Modal
        open={editing !== null}
        onOpenChange={(next) => {
          if (!next) setEditing(null);
        }}
        size="sm"
        title={
          editing?.id === undefined
            ? t('admin.userSettings.new', { kind: kindLabel })
            : t('admin.userSettings.editTitle', { kind: kindLabel })
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setEditing(null)} disabled={save.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form={`catalog-form-${tipo}`} loading={save.isPending}>
              {t('admin.userSettings.save')}
            </Button>
          </>
        }
      >
        {editing && (
          <form
            id={`catalog-form-${tipo}`}
            className="flex flex-col gap-4"
            onSubmit={(event) => void submit(event)}
            noValidate
          >
            <TextField
              label={t('admin.userSettings.columns.name')}
              value={editing.nome}
              maxLength={peopleLimits.catalogNameMax}
              required
              error={nameError}
              onChange={(event) => setEditing({ ...editing, nome: event.target.value })}
            />
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4"
                checked={editing.flAtivo === 'S'}
                onChange={(event) => setEditing({ ...editing, flAtivo: toFlag(event.target.checked) })}
              />
              {t('admin.userSettings.columns.active')}
            </label>
          </form>
        )}
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next) setDeleting(null);
        }}
        title={t('admin.userSettings.deleteTitle', { name: deleting?.nome ?? '' })}
        description={t('admin.userSettings.deleteDescription')}
        confirmLabel={t('admin.userSettings.delete')}
        variant="danger"
        onConfirm={confirmDelete}
      />
    </div>
  );
}

/** Which profile fields employees may change on "Minha conta". */
function SelfEditableFields({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const { data } = useSelfEditableFields();
  const save = useSaveSelfEditableFields();
  // The boxes as ticked here, until saved; the company's fields before that.
  const [draft, setDraft] = useState<SelfEditableFieldValue[] | null>(null);
  const chosen = draft ?? data ?? [];
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await save.mutateAsync(chosen);
      setDraft(null);
      showToast({ type: 'success', message: t('admin.userSettings.fieldsSaved') });
    } catch (error) {
      setFailure(errorMessageOf(error, t('apiErrors.default')));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2" disabled={!canEdit || !data}>
        <legend className="mb-1 text-sm text-slate-700">{t('admin.userSettings.fieldsHint')}</legend>
        {fields.map((field) => (
          <label key={field} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4"
              checked={chosen.includes(field)}
              onChange={(event) =>
                setDraft(
                  event.target.checked ? [...chosen, field] : chosen.filter((value) => value !== field),
                )
              }
            />
            {t(`admin.userSettings.fields.${field}`)}
          </label>
        ))}
      </fieldset>
      {failure && <Alert type="error">{failure}</Alert>}
      {canEdit && (
        <div>
          <Button type="submit" loading={save.isPending} disabled={!data}>
            {t('admin.userSettings.saveFields')}
          </Button>
        </div>
      )}
    </form>
  );
}

/** The user settings (/admin/configuracoes-usuario): the catalogues and what employees change themselves. */
export function AdminUserSettingsPage() {
  const { t } = useTranslation();
  const { canEdit } = useAdminAccess(AdminPermission.users);
  const [params, setParams] = useSearchParams();
  // The open catalogue lives in the URL (?tipo=SETOR).
  const requested = params.get('tipo') as CatalogKindValue | null;
  const tipo = requested && kinds.includes(requested) ? requested : CatalogKind.unit;

  return (
    <>
      <PageHeader
        title={t('admin.userSettings.title')}
        description={t('admin.userSettings.description')}
        breadcrumb={adminBreadcrumb(t('admin.userSettings.title'))}
      />
      <TitledSection
        title={t('admin.userSettings.catalogsTitle')}
        id="catalogs-heading"
        headingGap
        className="mb-10"
      >
        <Tabs
          label={t('admin.userSettings.catalogsTitle')}
          value={tipo}
          onValueChange={(value) => setParams({ tipo: value }, { replace: true })}
          items={kinds.map((kind) => ({
            value: kind,
            label: t(`admin.userSettings.tabs.${kind}`),
            content: <CatalogPanel tipo={kind} canEdit={canEdit} />,
          }))}
        />
      </TitledSection>
      <TitledSection title={t('admin.userSettings.fieldsTitle')} id="fields-heading" headingGap>
        <SelfEditableFields canEdit={canEdit} />
      </TitledSection>
    </>
  );
}
