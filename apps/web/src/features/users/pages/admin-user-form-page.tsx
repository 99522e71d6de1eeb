import { salvaUsuarioAdminInputSchema, type UsuarioAdmin } from '@elo/contract/calls/users';
import { peopleLimits } from '@elo/contract/calls/people-limits';
import { AdminPermission, LoginType } from '@elo/contract/enums';
import { limits } from '@elo/contract/limits';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '#lib/paths.ts';
import { useAdminAccess } from '#lib/admin-access.ts';
import { useKnownLoggedUser } from '#lib/session.ts';
import { useContractForm } from '#lib/contract-form.ts';
import { routeId } from '#lib/route-id.ts';
import { calendarDayToMoment, momentToCalendarDay } from '#lib/date-input.ts';
import { translateContractKey } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { FormActions } from '#ui/form-actions.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { DateField } from '#ui/date-field.tsx';
import { Field, fieldControlClassName } from '#ui/field.tsx';
import { ImageField } from '#ui/image-field.tsx';
import { IdMultiSelectField } from '#ui/multi-select-field.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { RecordEditorGate } from '#ui/record-pending.tsx';
import { TextField } from '#ui/text-field.tsx';
import {
  useEndUserSessions,
  useSaveUser,
  useUploadUserPhoto,
  useUser,
  useUserGroups,
} from '../hooks/use-users.ts';
import { CatalogSelects } from '../components/catalog-select.tsx';
import { RuleGroups } from '../components/rule-groups.tsx';
import { ActiveField, InviteField } from '../components/user-flag-fields.tsx';
import { formValuesOf, userFormFields } from '../lib/user-form.ts';

/**
 * Creating (/admin/usuarios/novo) or editing (/admin/usuarios/{id}/editar) a person: the spec's
 * user form, the photo sent once the person is saved, and ending their sessions.
 */
export function AdminUserFormPage() {
  const { t } = useTranslation();
  const idUsuario = routeId(useParams().idUsuario);
  const user = useUser(idUsuario);
  const { canEdit } = useAdminAccess(AdminPermission.users);
  return (
    <RecordEditorGate
      id={idUsuario}
      record={user}
      editTitle={t(canEdit ? 'admin.usersAdmin.form.editTitle' : 'admin.usersAdmin.form.viewTitle')}
      errorTitle={t('admin.usersAdmin.form.loadFailed')}
      loadingLabel={t('admin.usersAdmin.form.loading')}
    >
      {(data) => (
        <UserEditor
          key={data?.idUsuario ?? 'novo'}
          user={data}
          reload={async () => (await user.refetch()).data}
        />
      )}
    </RecordEditorGate>
  );
}

function UserEditor({
  user,
  reload,
}: {
  user: UsuarioAdmin | undefined;
  /** Reads the person again (after a save refused as stale). */
  reload: () => Promise<UsuarioAdmin | undefined>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showToast = useToastStore((state) => state.showToast);
  const { canEdit } = useAdminAccess(AdminPermission.users);
  const { canEdit: administersAdministrators } = useAdminAccess(AdminPermission.administrators);
  const me = useKnownLoggedUser()?.usuario;
  const creating = user === undefined;
  // The server's record rules (users/policy.ts): an administrator's access (login, e-mail,
  // matricula, password, active flag, sessions) is changed only by someone who administers
  // administrators, and the master's never from here. The form says so up front.
  const isMasterUser = user !== undefined && user.idUsuario === me?.idUsuarioPai;
  const accessLocked =
    canEdit && user?.flAdministrador === 'S' && (isMasterUser || !administersAdministrators);
  const accessLockedMessage = translateContractKey(
    isMasterUser && administersAdministrators
      ? 'errors.MASTER_ACCESS_PROTECTED'
      : 'errors.ACCESS_FIELDS_PROTECTED',
  );
  const save = useSaveUser();
  const upload = useUploadUserPhoto();
  const endSessions = useEndUserSessions();
  const groups = useUserGroups();
  const [photo, setPhoto] = useState<File | null>(null);
  const [askEndSessions, setAskEndSessions] = useState(false);
  const { form, failure, refused, markRefused, report, clear } = useContractForm(
    salvaUsuarioAdminInputSchema,
    {
      defaultValues: formValuesOf(user),
      fields: userFormFields,
      failureTitle: t('admin.usersAdmin.form.saveFailed'),
    },
  );
  // The server's message when someone else saved the person since this form read them.
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) =>
    form.reset(formValuesOf(fresh)),
  );
  const errors = form.formState.errors;
  const title = creating
    ? t('admin.usersAdmin.form.newTitle')
    : canEdit
      ? t('admin.usersAdmin.form.editTitle')
      : t('admin.usersAdmin.form.viewTitle');

  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    setStaleMessage(null);
    let saved: UsuarioAdmin;
    try {
      saved = (await save.mutateAsync(creating ? values : { ...values, senha: values.senha || undefined }))
        .usuario;
    } catch (error) {
      // What was typed stays in the form; the alert offers to read the current record.
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      report(error);
      return;
    }
    if (photo) {
      try {
        await upload.mutateAsync({ idUsuario: saved.idUsuario, file: photo });
      } catch (error) {
        showToast({
          type: 'error',
          message: t('admin.usersAdmin.form.photoFailed', {
            message: error instanceof Error ? error.message : String(error),
          }),
        });
      }
    }
    showToast({ type: 'success', message: t('admin.usersAdmin.form.saved', { name: saved.nome }) });
    void navigate(paths.admin.users);
  }, markRefused);

  const confirmEndSessions = async () => {
    if (!user) return;
    try {
      const answer = await endSessions.mutateAsync(user.idUsuario);
      showToast({
        type: 'success',
        message: t('admin.usersAdmin.form.sessionsEnded', { count: answer.qtdSessoesEncerradas }),
      });
    } catch (error) {
      showToast({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const loginType = useWatch({ control: form.control, name: 'tipoLogin' });
  // The groups the person is in only by a rule are not the form's to choose: shown apart.
  const onlyByRule = new Set(
    (user?.listGruposPorRegra ?? [])
      .map((group) => group.idGrupo)
      .filter((idGrupo) => !user?.idsGrupos.includes(idGrupo)),
  );
  const generalMessage = translateContractKey('errors.VALIDATION_FAILED');

  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={adminBreadcrumb(title, { label: t('admin.usersAdmin.title'), to: paths.admin.users })}
        actions={
          !creating && canEdit && (!accessLocked || user.idUsuario === me?.idUsuario) ? (
            <Button variant="danger-secondary" onClick={() => setAskEndSessions(true)}>
              {t('admin.usersAdmin.form.endSessions')}
            </Button>
          ) : undefined
        }
      />
      {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} className="mb-4" />}
      {refused && (
        <Alert type="error" title={t('admin.usersAdmin.form.saveFailed')} className="mb-4">
          {failure?.message && failure.message !== generalMessage ? failure.message : generalMessage}
        </Alert>
      )}
      {!refused && failure?.message && (
        <Alert type="error" title={t('admin.usersAdmin.form.saveFailed')} className="mb-4">
          {failure.message}
        </Alert>
      )}
      {accessLocked && (
        <Alert type="info" title={t('admin.usersAdmin.form.accessLockedTitle')} className="mb-4">
          {accessLockedMessage}
        </Alert>
      )}
      {user?.flPrimeiroAcessoPendente === 'S' && (
        <Alert type="info" title={t('admin.usersAdmin.form.firstAccessPending')} className="mb-4">
          {t('admin.usersAdmin.form.firstAccessPendingDescription')}
        </Alert>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex max-w-3xl flex-col gap-6">
        <fieldset disabled={!canEdit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('admin.usersAdmin.form.name')}
            required
            autoComplete="off"
            maxLength={peopleLimits.nameMax}
            error={errors.nome?.message}
            className="sm:col-span-2"
            {...form.register('nome')}
          />
          <SelectField
            label={t('admin.usersAdmin.form.loginType')}
            required
            error={errors.tipoLogin?.message}
            options={[
              { value: LoginType.email, label: t('admin.usersAdmin.form.loginEmail') },
              { value: LoginType.matricula, label: t('admin.usersAdmin.form.loginMatricula') },
            ]}
            {...form.register('tipoLogin')}
          />
          <TextField
            label={t('admin.usersAdmin.form.email')}
            type="email"
            required={loginType === LoginType.email}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.email?.message}
            readOnly={accessLocked}
            {...form.register('email')}
          />
          <TextField
            label={t('admin.usersAdmin.form.matricula')}
            required={loginType === LoginType.matricula}
            autoComplete="off"
            maxLength={peopleLimits.matriculaMax}
            error={errors.matricula?.message}
            readOnly={accessLocked}
            {...form.register('matricula')}
          />
          {creating && (
            <TextField
              label={t('admin.usersAdmin.form.password')}
              hint={t('admin.usersAdmin.form.passwordHint')}
              type="password"
              required
              autoComplete="new-password"
              error={errors.senha?.message}
              {...form.register('senha')}
            />
          )}
          <TextField
            label={t('admin.usersAdmin.form.mobile')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            error={errors.celular?.message}
            {...form.register('celular')}
          />
          <Controller
            control={form.control}
            name="dtNascimento"
            render={({ field }) => (
              <DateField
                label={t('admin.usersAdmin.form.birthDate')}
                required
                value={calendarDayToMoment(field.value)}
                onChange={(moment) => field.onChange(momentToCalendarDay(moment) ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={errors.dtNascimento?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="dtAdmissao"
            render={({ field }) => (
              <DateField
                label={t('admin.usersAdmin.form.admissionDate')}
                value={calendarDayToMoment(field.value)}
                onChange={(moment) => field.onChange(momentToCalendarDay(moment))}
                onBlur={field.onBlur}
                ref={field.ref}
                name={field.name}
                error={errors.dtAdmissao?.message}
              />
            )}
          />
          <CatalogSelects control={form.control} errors={errors} />
          <Controller
            control={form.control}
            name="idsGrupos"
            render={({ field }) => (
              <IdMultiSelectField
                label={t('admin.usersAdmin.form.groups')}
                className="sm:col-span-2"
                options={(groups.data ?? [])
                  .filter((group) => !onlyByRule.has(group.idGrupo))
                  .map((group) => ({ value: group.idGrupo, label: group.nome }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={!canEdit}
                error={errors.idsGrupos?.message}
              />
            )}
          />
          <RuleGroups groups={user?.listGruposPorRegra ?? []} />
          <Field
            label={t('admin.usersAdmin.form.profileText')}
            error={errors.textoPerfil?.message}
            className="sm:col-span-2"
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={peopleLimits.profileTextMax}
                className={fieldControlClassName(errors.textoPerfil?.message)}
                {...form.register('textoPerfil')}
              />
            )}
          </Field>
          <ImageField
            label={t('admin.usersAdmin.form.photo')}
            hint={t('admin.usersAdmin.form.photoHint')}
            accept={['png', 'jpg', 'jpeg']}
            maxBytes={limits.mediaMaxBytes}
            value={photo}
            currentUrl={user?.urlFoto ?? null}
            square
            onChange={setPhoto}
            disabled={!canEdit}
            className="sm:col-span-2"
          />
          <ActiveField control={form.control} locked={accessLocked} error={errors.flAtivo} />
          <InviteField control={form.control} />
        </fieldset>
        <FormActions
          canSave={canEdit}
          saving={form.formState.isSubmitting}
          saveLabel={t('admin.usersAdmin.form.save')}
          cancelTo={paths.admin.users}
          cancelLabel={t('admin.usersAdmin.form.back')}
        />
      </form>
      <ConfirmDialog
        open={askEndSessions}
        onOpenChange={setAskEndSessions}
        title={t('admin.usersAdmin.form.endSessionsTitle', { name: user?.nome ?? '' })}
        description={t('admin.usersAdmin.form.endSessionsDescription')}
        confirmLabel={t('admin.usersAdmin.form.endSessions')}
        variant="danger"
        onConfirm={confirmEndSessions}
      />
    </>
  );
}
