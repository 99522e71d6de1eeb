import {
  salvaAdministradorAdminInputSchema,
  type Administrador,
  type SalvaAdministradorAdminInput,
} from '@elo/contract/calls/administrators';
import { AdminPermission, AdminPermissionStatus, adminPermissionCodes } from '@elo/contract/enums';
import { useState, type FormEvent } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { useContractForm } from '#lib/contract-form.ts';
import { routeId } from '#lib/route-id.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import type { FormFields } from '#lib/submit-failure.ts';
import { Alert } from '#ui/alert.tsx';
import { FormActions } from '#ui/form-actions.tsx';
import { IdMultiSelectField } from '#ui/multi-select-field.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { RecordEditorGate } from '#ui/record-pending.tsx';
import { isStaleRecord, StaleRecordAlert } from '#ui/stale-record-alert.tsx';
import { TextField } from '#ui/text-field.tsx';
import { ChoiceGroup } from '../components/choice-group.tsx';
import { PromoteCandidatePicker, type Candidate } from '../components/promote-candidate-picker.tsx';
import {
  useAdministrator,
  useAdministratorOptions,
  useSaveAdministrator,
} from '../hooks/use-administrators.ts';

type AdministratorForm = SalvaAdministradorAdminInput;

const formFields: FormFields<AdministratorForm> = {
  fields: [
    'idUsuario',
    'nome',
    'login',
    'email',
    'senha',
    'flAprovado',
    'permissoesAdmin',
    'idsAssuntosChamado',
    'idsGruposChamado',
  ],
};

/** Every permission, in the contract's order, with the status held (N when none). */
function formValuesOf(administrator: Administrador | undefined): AdministratorForm {
  const held = new Map(administrator?.permissoesAdmin.map((entry) => [entry.permissao, entry.status]));
  return {
    // The versao read goes back with the save: a stale one is refused (409 REGISTRO_ALTERADO).
    ...(administrator ? { idUsuario: administrator.idUsuario, versao: administrator.versao } : {}),
    flPromover: 'N',
    nome: administrator?.nome ?? '',
    login: administrator?.login ?? '',
    email: administrator?.email ?? '',
    senha: undefined,
    flAprovado: administrator?.flAprovado ?? 'S',
    permissoesAdmin: adminPermissionCodes.map((permissao) => ({
      permissao,
      status: held.get(permissao) ?? AdminPermissionStatus.none,
    })),
    idsAssuntosChamado: administrator?.idsAssuntosChamado ?? [],
    idsGruposChamado: administrator?.idsGruposChamado ?? [],
  };
}

/**
 * Creating (/admin/administradores/novo: a new person, or an employee promoted) or editing
 * (/admin/administradores/{id}) an administrator. A read-only administrator sees the same form
 * without the means to change it.
 */
export function AdminAdministratorFormPage() {
  const { t } = useTranslation();
  const idUsuario = routeId(useParams().idUsuario);
  const administrator = useAdministrator(idUsuario);
  return (
    <RecordEditorGate
      id={idUsuario}
      record={administrator}
      editTitle={t('admin.administrators.form.editTitle')}
      errorTitle={t('admin.administrators.form.loadFailed')}
      loadingLabel={t('admin.administrators.form.loading')}
    >
      {(data) => (
        <AdministratorEditor
          key={data?.idUsuario ?? 'novo'}
          administrator={data}
          reload={async () => (await administrator.refetch()).data}
        />
      )}
    </RecordEditorGate>
  );
}

function AdministratorEditor({
  administrator,
  reload,
}: {
  administrator: Administrador | undefined;
  /** Reads the administrator again (after a save refused as stale). */
  reload: () => Promise<Administrador | undefined>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showToast = useToastStore((state) => state.showToast);
  const { canEdit } = useAdminAccess(AdminPermission.administrators);
  const options = useAdministratorOptions();
  const save = useSaveAdministrator();
  const creating = administrator === undefined;
  const master = administrator?.flMaster === 'S';
  const [kind, setKind] = useState<'new' | 'promote'>('new');
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const {
    form,
    failure,
    clear,
    submit: sendWith,
  } = useContractForm(salvaAdministradorAdminInputSchema, {
    defaultValues: formValuesOf(administrator),
    fields: formFields,
    failureTitle: t('admin.administrators.form.saveFailed'),
  });
  const errors = form.formState.errors;
  const promoting = creating && kind === 'promote';
  // The server's message when someone else saved the person since this form read them.
  const [staleMessage, setStaleMessage] = useState<string | null>(null);

  const reloadRecord = async () => {
    const fresh = await reload();
    if (!fresh) return;
    form.reset(formValuesOf(fresh));
    setStaleMessage(null);
  };

  const title = creating
    ? t('admin.administrators.form.newTitle')
    : canEdit
      ? t('admin.administrators.form.editTitle')
      : t('admin.administrators.form.viewTitle');

  const chooseKind = (next: 'new' | 'promote') => {
    setKind(next);
    setCandidate(null);
    form.reset(formValuesOf(undefined));
  };

  const chooseCandidate = (chosen: Candidate | null) => {
    setCandidate(chosen);
    const values = form.getValues();
    form.reset({
      ...values,
      ...(chosen
        ? {
            idUsuario: chosen.idUsuario,
            flPromover: 'S',
            nome: chosen.nome,
            email: chosen.email ?? '',
            login: chosen.email ?? chosen.matricula ?? '',
            senha: undefined,
          }
        : { idUsuario: undefined, flPromover: 'N', nome: '', email: '', login: '' }),
    });
  };

  const submit = sendWith(async (values) => {
    setStaleMessage(null);
    try {
      await save.mutateAsync({ ...values, ...(promoting || creating ? {} : { senha: undefined }) });
    } catch (error) {
      // What was typed stays; the alert offers to read the current record.
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      throw error;
    }
    showToast({ type: 'success', message: t('admin.administrators.form.saved') });
    void navigate(paths.admin.administrators);
  });
  // Promoting: nothing to check before someone is chosen (the person's fields come with them).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (promoting && !candidate) {
      event.preventDefault();
      clear();
      form.setError('idUsuario', {
        type: 'required',
        message: t('admin.administrators.form.candidateRequired'),
      });
      return;
    }
    void submit(event);
  };

  const statusOptions = [
    AdminPermissionStatus.none,
    AdminPermissionStatus.read,
    AdminPermissionStatus.edit,
  ].map((status) => ({ value: status, label: t(`admin.administrators.form.status.${status}`) }));
  const subjectOptions = (options.data?.listAssuntos ?? []).map((item) => ({
    value: item.id,
    label: item.nome,
  }));
  const groupOptions = (options.data?.listGrupos ?? []).map((group) => ({
    value: group.idGrupo,
    label: group.nome,
  }));
  const readOnly = !canEdit;
  // Promoting: the person's fields come with them once chosen.
  const fieldsLocked = readOnly || (promoting && !candidate);

  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={adminBreadcrumb(title, {
          label: t('admin.administrators.title'),
          to: paths.admin.administrators,
        })}
      />
      {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} className="mb-4" />}
      {failure && failure.message && (
        <Alert type="error" title={t('admin.administrators.form.saveFailed')} className="mb-4">
          {failure.message}
        </Alert>
      )}
      {creating && (
        <div className="mb-6 flex max-w-3xl flex-col gap-4">
          <ChoiceGroup
            legend={t('admin.administrators.form.kind')}
            options={[
              { value: 'new', label: t('admin.administrators.form.kindNew') },
              { value: 'promote', label: t('admin.administrators.form.kindPromote') },
            ]}
            inputProps={{ name: 'tipoCadastro' }}
            value={kind}
            onValueChange={(value) => chooseKind(value as 'new' | 'promote')}
          />
          {promoting && (
            <PromoteCandidatePicker
              chosen={candidate}
              onChoose={chooseCandidate}
              error={errors.idUsuario?.message}
            />
          )}
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="flex max-w-3xl flex-col gap-6">
        <fieldset disabled={fieldsLocked} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('admin.administrators.form.name')}
            required
            autoComplete="off"
            error={errors.nome?.message}
            className="sm:col-span-2"
            {...form.register('nome')}
          />
          <TextField
            label={t('admin.administrators.form.email')}
            type="email"
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <TextField
            label={t('admin.administrators.form.login')}
            hint={t('admin.administrators.form.loginHint')}
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.login?.message}
            {...form.register('login')}
          />
          {creating && !promoting && (
            <TextField
              label={t('admin.administrators.form.password')}
              hint={t('admin.administrators.form.passwordHint')}
              type="password"
              required
              autoComplete="new-password"
              error={errors.senha?.message}
              {...form.register('senha', { setValueAs: (value: string) => value || undefined })}
            />
          )}
        </fieldset>
        <ChoiceGroup
          legend={t('admin.administrators.form.approved')}
          hint={t('admin.administrators.form.approvedHint')}
          error={errors.flAprovado?.message}
          disabled={fieldsLocked || master}
          options={[
            { value: 'S', label: t('admin.administrators.yes') },
            { value: 'N', label: t('admin.administrators.no') },
          ]}
          inputProps={form.register('flAprovado')}
        />
        <fieldset
          disabled={fieldsLocked || master}
          className="flex flex-col gap-2"
          aria-describedby="permissoes-hint"
        >
          <legend className="text-base font-semibold text-slate-900">
            {t('admin.administrators.form.permissions')}
          </legend>
          <p id="permissoes-hint" className="text-sm text-slate-600">
            {master
              ? t('admin.administrators.form.masterPermissions')
              : t('admin.administrators.form.permissionsHint')}
          </p>
          {errors.permissoesAdmin?.message && (
            <p className="text-sm text-red-700" role="alert">
              {errors.permissoesAdmin.message}
            </p>
          )}
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {adminPermissionCodes.map((code, index) => (
              <li key={code} className="px-3 py-2">
                <ChoiceGroup
                  legend={t(`admin.administrators.permissionNames.${code}`)}
                  options={statusOptions}
                  inputProps={form.register(`permissoesAdmin.${index}.status`)}
                  className="sm:flex-row sm:items-center sm:justify-between"
                />
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset disabled={fieldsLocked} className="flex flex-col gap-4">
          <legend className="text-base font-semibold text-slate-900">
            {t('admin.administrators.form.assignmentsHint')}
          </legend>
          <Controller
            control={form.control}
            name="idsAssuntosChamado"
            render={({ field }) => (
              <IdMultiSelectField
                label={t('admin.administrators.form.subjects')}
                error={errors.idsAssuntosChamado?.message}
                options={subjectOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={fieldsLocked}
                ref={field.ref}
              />
            )}
          />
          <Controller
            control={form.control}
            name="idsGruposChamado"
            render={({ field }) => (
              <IdMultiSelectField
                label={t('admin.administrators.form.groups')}
                error={errors.idsGruposChamado?.message}
                options={groupOptions}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={fieldsLocked}
                ref={field.ref}
              />
            )}
          />
        </fieldset>
        <FormActions
          canSave={canEdit}
          saving={form.formState.isSubmitting}
          saveLabel={t('admin.administrators.form.save')}
          cancelTo={paths.admin.administrators}
          cancelLabel={t('admin.administrators.form.cancel')}
        />
      </form>
    </>
  );
}
