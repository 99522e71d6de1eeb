import { toFlag } from '@elo/contract/wire';
import { groupLimits, grupoFormSchema, type GrupoAdmin } from '@elo/contract/calls/groups';
import { AdminPermission } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useNavigate, useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { ApiError } from '#lib/api-client.ts';
import { useContractForm } from '#lib/contract-form.ts';
import { routeId } from '#lib/route-id.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { FormActions } from '#ui/form-actions.tsx';
import { ImageField } from '#ui/image-field.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { RecordEditorGate } from '#ui/record-pending.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { TextField } from '#ui/text-field.tsx';
import { useGroup, useSaveGroup } from '../hooks/use-groups.ts';

type GroupForm = z.input<typeof grupoFormSchema>;
type GroupValues = z.output<typeof grupoFormSchema>;

const formFields: FormFields<GroupForm> = { fields: ['nome', 'sigla', 'flPadrao'] };

/** Creating (/admin/grupos/novo) or editing (/admin/grupos/{id}/editar) a group. */
export function AdminGroupFormPage() {
  const { t } = useTranslation();
  const idGrupo = routeId(useParams().idGrupo);
  const group = useGroup(idGrupo);
  return (
    <RecordEditorGate
      id={idGrupo}
      record={group}
      editTitle={t('admin.groupsAdmin.form.editTitle')}
      errorTitle={t('admin.groupsAdmin.form.loadFailed')}
      loadingLabel={t('admin.groupsAdmin.form.loading')}
    >
      {(data) => (
        <GroupEditor
          key={data?.idGrupo ?? 'novo'}
          group={data}
          reload={async () => (await group.refetch()).data}
        />
      )}
    </RecordEditorGate>
  );
}

const formValuesOf = (group: GrupoAdmin | undefined): GroupForm => ({
  nome: group?.nome ?? '',
  sigla: group?.sigla ?? '',
  flPadrao: group?.flPadrao ?? 'N',
});

/** The group form: name, abbreviation, photo of exactly 260x260 and whether it is the default. */
export function GroupEditor({
  group,
  reload,
}: {
  group: GrupoAdmin | undefined;
  /** Reads the group again (after a save refused as stale). */
  reload: () => Promise<GrupoAdmin | undefined>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showToast = useToastStore((state) => state.showToast);
  const { canEdit } = useAdminAccess(AdminPermission.groups);
  const creating = group === undefined;
  const save = useSaveGroup();
  const [photo, setPhoto] = useState<File | null>(null);
  // The saved photo the administrator removed (sent as flRemoverFoto when no new photo replaces it).
  const [savedPhotoRemoved, setSavedPhotoRemoved] = useState(false);
  const failedTitle = creating
    ? t('admin.groupsAdmin.form.createFailed')
    : t('admin.groupsAdmin.form.saveFailed');
  const { form, failure, refused, markRefused, report, clear } = useContractForm<GroupForm, GroupValues>(
    grupoFormSchema,
    { defaultValues: formValuesOf(group), fields: formFields, failureTitle: failedTitle },
  );
  const [photoError, setPhotoError] = useState<string | undefined>(undefined);
  // The server's message when someone else saved the group since this form read it.
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) => {
    form.reset(formValuesOf(fresh));
    setPhoto(null);
    setSavedPhotoRemoved(false);
  });
  const errors = form.formState.errors;
  const title = creating ? t('admin.groupsAdmin.form.newTitle') : t('admin.groupsAdmin.form.editTitle');
  const wasDefault = group?.flPadrao === 'S';

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    setStaleMessage(null);
    setPhotoError(undefined);
    try {
      const answer = await save.mutateAsync({
        ...(group ? { idGrupo: group.idGrupo, versao: group.versao } : {}),
        nome: values.nome,
        sigla: values.sigla,
        flPadrao: values.flPadrao,
        ...(photo ? { foto: photo } : savedPhotoRemoved ? { flRemoverFoto: 'S' as const } : {}),
      });
      showToast({
        type: 'success',
        message: t('admin.groupsAdmin.form.saved', { name: answer.grupo.nome }),
      });
      void navigate(paths.admin.groups);
    } catch (error) {
      // What was typed (and the photo chosen) stays; the alert offers to read the current group.
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      const left = report(error);
      if (error instanceof ApiError && error.fieldErrors.foto) setPhotoError(error.fieldErrors.foto);
      return left;
    }
  }, markRefused);

  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={adminBreadcrumb(title, { label: t('admin.groupsAdmin.title'), to: paths.admin.groups })}
      />
      {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} className="mb-4" />}
      {(refused || failure) && (
        // 'Não foi possível criar o grupo' (spec section 8) when a creation fails.
        <Alert type="error" title={failedTitle} className="mb-4">
          {failure?.message ?? t('admin.groupsAdmin.form.checkFields')}
        </Alert>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex max-w-2xl flex-col gap-6">
        <fieldset disabled={!canEdit} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField
            label={t('admin.groupsAdmin.form.name')}
            required
            autoComplete="off"
            maxLength={groupLimits.nameMax}
            error={errors.nome?.message}
            className="sm:col-span-2"
            {...form.register('nome')}
          />
          <TextField
            label={t('admin.groupsAdmin.form.abbreviation')}
            hint={t('admin.groupsAdmin.form.abbreviationHint', {
              min: limits.groupAbbreviation.min,
              max: limits.groupAbbreviation.max,
            })}
            required
            autoComplete="off"
            error={errors.sigla?.message}
            {...form.register('sigla')}
          />
          <ImageField
            label={t('admin.groupsAdmin.form.photo')}
            hint={t('admin.groupsAdmin.form.photoHint')}
            accept={['png', 'jpg', 'jpeg']}
            maxBytes={limits.mediaMaxBytes}
            dimensions={{ exact: { width: limits.groupPhotoPx, height: limits.groupPhotoPx } }}
            value={photo}
            currentUrl={savedPhotoRemoved ? null : (group?.urlFoto ?? null)}
            error={photoError}
            onChange={(file) => {
              setPhotoError(undefined);
              setPhoto(file);
              // Remover with no new photo chosen takes the saved one away too.
              if (!file && !photo) setSavedPhotoRemoved(true);
            }}
            className="sm:col-span-3"
          />
          <Controller
            control={form.control}
            name="flPadrao"
            render={({ field }) => (
              <div className="flex flex-col gap-1 sm:col-span-3">
                <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={field.value === 'S'}
                    // The company always has one default: another group takes it over instead.
                    disabled={wasDefault}
                    onChange={(event) => field.onChange(toFlag(event.target.checked))}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    aria-describedby={
                      errors.flPadrao?.message ? 'grupo-padrao-dica grupo-padrao-erro' : 'grupo-padrao-dica'
                    }
                    aria-invalid={errors.flPadrao?.message ? true : undefined}
                  />
                  {t('admin.groupsAdmin.form.default')}
                </label>
                <p id="grupo-padrao-dica" className="text-sm text-slate-700">
                  {wasDefault
                    ? t('admin.groupsAdmin.form.defaultLocked')
                    : t('admin.groupsAdmin.form.defaultHint')}
                </p>
                {errors.flPadrao?.message && (
                  <p id="grupo-padrao-erro" className="text-sm text-red-700">
                    {errors.flPadrao.message}
                  </p>
                )}
              </div>
            )}
          />
        </fieldset>
        <FormActions
          canSave={canEdit}
          saving={form.formState.isSubmitting}
          saveLabel={t('admin.groupsAdmin.form.save')}
          cancelTo={paths.admin.groups}
          cancelLabel={t('admin.groupsAdmin.form.back')}
        />
      </form>
    </>
  );
}
