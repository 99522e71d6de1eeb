import { AdminPermission } from '@elo/contract/enums';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAccess } from '#lib/admin-access.ts';
import { ApiError, errorMessageOf } from '#lib/api-client.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { CheckboxField } from '#ui/checkbox-field.tsx';
import { RetryButton } from '#ui/load-failed-alert.tsx';
import { adminBreadcrumb, PageHeader } from '#ui/page-header.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { isStaleRecord, StaleRecordAlert, useStaleRecord } from '#ui/stale-record-alert.tsx';
import { TextField } from '#ui/text-field.tsx';
import { TextareaField } from '#ui/textarea-field.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import {
  useSaveSsoSettings,
  useSsoSettings,
  useTestSsoSettings,
  type SsoSettingsAnswer,
} from '../hooks/use-sso-settings.ts';

type Protocol = 'OIDC' | 'SAML';
type UrlKey = keyof SsoSettingsAnswer['urls'];

interface Draft {
  protocolo: Protocol;
  flAtivo: boolean;
  /** One domain a line, as typed. */
  dominios: string;
  emissor: string;
  clientId: string;
  /** Typed only to change it: blank keeps the saved one. */
  clientSecret: string;
  metadadosSaml: string;
  claimLogin: string;
  claimGrupos: string;
  mapeamentos: { valor: string; idGrupo: string }[];
  flCriarUsuarios: boolean;
  flSomenteSso: boolean;
  excecoes: number[];
}

const draftOf = (answer: SsoSettingsAnswer): Draft => {
  const saved = answer.configuracao;
  return {
    protocolo: saved?.protocolo ?? 'OIDC',
    flAtivo: saved?.flAtivo === 'S',
    dominios: saved?.dominiosEmail.join('\n') ?? '',
    emissor: saved?.emissor ?? '',
    clientId: saved?.clientId ?? '',
    clientSecret: '',
    metadadosSaml: saved?.metadadosSaml ?? '',
    claimLogin: saved?.claimLogin ?? 'email',
    claimGrupos: saved?.claimGrupos ?? 'groups',
    mapeamentos:
      saved?.mapeamentoGrupos.map((item) => ({ valor: item.valor, idGrupo: String(item.idGrupo) })) ?? [],
    flCriarUsuarios: saved?.flCriarUsuarios === 'S',
    flSomenteSso: saved?.flSomenteSso === 'S',
    excecoes: saved?.idsUsuariosExcecao ?? [],
  };
};

/** The addresses each protocol's provider needs. */
const urlsOf: Record<Protocol, UrlKey[]> = {
  OIDC: ['urlRetornoOidc', 'urlPosSaida', 'urlInicio'],
  SAML: ['urlAcsSaml', 'entityIdSaml', 'urlMetadadosSaml', 'urlInicio'],
};

/** The first message of a field (or of any of its items) the server refused. */
function errorOf(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

/** One address to paste into the provider, read-only, with its copy button. */
function CopyableUrl({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const copy = async () => {
    await navigator.clipboard?.writeText(value);
    showToast({ type: 'success', message: t('admin.ssoAdmin.copied') });
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <TextField label={label} value={value} readOnly className="min-w-0 flex-1" />
      <Button
        variant="secondary"
        onClick={() => void copy()}
        aria-label={t('admin.ssoAdmin.copy', { label })}
      >
        {t('admin.ssoAdmin.copyButton')}
      </Button>
    </div>
  );
}

function SsoSettingsForm({
  answer,
  canEdit,
  reload,
}: {
  answer: SsoSettingsAnswer;
  canEdit: boolean;
  reload: () => Promise<SsoSettingsAnswer | undefined>;
}) {
  const { t } = useTranslation();
  const showToast = useToastStore((state) => state.showToast);
  const save = useSaveSsoSettings();
  const test = useTestSsoSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(answer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { staleMessage, setStaleMessage, reloadRecord } = useStaleRecord(reload, (fresh) => {
    setDraft(draftOf(fresh));
    setErrors({});
  });
  const form = useRef<HTMLFormElement>(null);
  const breakGlassId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const saved = answer.configuracao;
  const groupOptions = answer.listGrupos.map((group) => ({
    value: String(group.idGrupo),
    label: group.nome,
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setStaleMessage(null);
    setErrors({});
    const oidc = draft.protocolo === 'OIDC';
    try {
      const fresh = await save.mutateAsync({
        protocolo: draft.protocolo,
        flAtivo: draft.flAtivo ? 'S' : 'N',
        dominiosEmail: draft.dominios
          .split(/[\s,;]+/)
          .map((domain) => domain.trim())
          .filter(Boolean),
        ...(oidc
          ? {
              emissor: draft.emissor,
              clientId: draft.clientId,
              ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
            }
          : { metadadosSaml: draft.metadadosSaml }),
        claimLogin: draft.claimLogin,
        claimGrupos: draft.claimGrupos,
        mapeamentoGrupos: draft.mapeamentos.map((item) => ({
          valor: item.valor,
          idGrupo: Number(item.idGrupo),
        })),
        flCriarUsuarios: draft.flCriarUsuarios ? 'S' : 'N',
        flSomenteSso: draft.flSomenteSso ? 'S' : 'N',
        idsUsuariosExcecao: draft.excecoes,
        ...(saved ? { versao: saved.versao } : {}),
      });
      setDraft(draftOf(fresh));
      test.reset();
      showToast({ type: 'success', message: t('admin.ssoAdmin.saved') });
    } catch (error) {
      if (isStaleRecord(error)) {
        setStaleMessage(error.message);
        return;
      }
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      setFailure(errorMessageOf(error, t('apiErrors.default')));
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    }
  };

  const checks = test.data;
  return (
    <div className="flex flex-col gap-8">
      <TitledSection title={t('admin.ssoAdmin.urlsTitle')} headingGap className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">{t('admin.ssoAdmin.urlsHint')}</p>
        {urlsOf[draft.protocolo].map((key) => (
          <CopyableUrl key={key} label={t(`admin.ssoAdmin.urls.${key}`)} value={answer.urls[key]} />
        ))}
      </TitledSection>

      <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
        <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">
            {t('admin.ssoAdmin.providerTitle')}
          </legend>
          <SelectField
            label={t('admin.ssoAdmin.protocol')}
            value={draft.protocolo}
            options={(['OIDC', 'SAML'] as const).map((value) => ({
              value,
              label: t(`admin.ssoAdmin.protocols.${value}`),
            }))}
            error={errors.protocolo}
            onChange={(event) => set('protocolo', event.target.value as Protocol)}
          />
          <CheckboxField
            label={t('admin.ssoAdmin.active')}
            hint={t('admin.ssoAdmin.activeHint')}
            checked={draft.flAtivo}
            onChange={(event) => set('flAtivo', event.target.checked)}
          />
          <TextareaField
            label={t('admin.ssoAdmin.domains')}
            hint={t('admin.ssoAdmin.domainsHint')}
            rows={3}
            value={draft.dominios}
            error={errorOf(errors, 'dominiosEmail')}
            onChange={(event) => set('dominios', event.target.value)}
          />
          {draft.protocolo === 'OIDC' ? (
            <>
              <TextField
                label={t('admin.ssoAdmin.issuer')}
                hint={t('admin.ssoAdmin.issuerHint')}
                type="url"
                required
                value={draft.emissor}
                error={errors.emissor}
                onChange={(event) => set('emissor', event.target.value)}
              />
              <TextField
                label={t('admin.ssoAdmin.clientId')}
                required
                value={draft.clientId}
                error={errors.clientId}
                onChange={(event) => set('clientId', event.target.value)}
              />
              <TextField
                label={t('admin.ssoAdmin.clientSecret')}
                hint={
                  saved?.flClientSecretDefinido === 'S'
                    ? t('admin.ssoAdmin.clientSecretKept')
                    : t('admin.ssoAdmin.clientSecretHint')
                }
                type="password"
                autoComplete="new-password"
                value={draft.clientSecret}
                error={errors.clientSecret}
                onChange={(event) => set('clientSecret', event.target.value)}
              />
            </>
          ) : (
            <TextareaField
              label={t('admin.ssoAdmin.metadata')}
              hint={t('admin.ssoAdmin.metadataHint')}
              rows={8}
              required
              controlClassName="font-mono text-xs"
              value={draft.metadadosSaml}
              error={errors.metadadosSaml}
              onChange={(event) => set('metadadosSaml', event.target.value)}
            />
          )}
        </fieldset>

        <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold text-slate-900">
            {t('admin.ssoAdmin.claimsTitle')}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('admin.ssoAdmin.claimLogin')}
              hint={t('admin.ssoAdmin.claimLoginHint')}
              value={draft.claimLogin}
              error={errors.claimLogin}
              onChange={(event) => set('claimLogin', event.target.value)}
            />
            <TextField
              label={t('admin.ssoAdmin.claimGroups')}
              hint={t('admin.ssoAdmin.claimGroupsHint')}
              value={draft.claimGrupos}
              error={errors.claimGrupos}
              onChange={(event) => set('claimGrupos', event.target.value)}
            />
          </div>
          <CheckboxField
            label={t('admin.ssoAdmin.createUsers')}
            hint={t('admin.ssoAdmin.createUsersHint')}
            checked={draft.flCriarUsuarios}
            onChange={(event) => set('flCriarUsuarios', event.target.checked)}
          />
        </fieldset>

        <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-3">
          <legend className="mb-1 text-lg font-semibold text-slate-900">
            {t('admin.ssoAdmin.mappingsTitle')}
          </legend>
          <p className="text-sm text-slate-700">{t('admin.ssoAdmin.mappingsHint')}</p>
          {draft.mapeamentos.length === 0 && (
            <p className="text-sm text-slate-700">{t('admin.ssoAdmin.noMappings')}</p>
          )}
          {draft.mapeamentos.map((mapping, index) => {
            const number = index + 1;
            const update = (part: 'valor' | 'idGrupo', value: string) =>
              set(
                'mapeamentos',
                draft.mapeamentos.map((item, at) => (at === index ? { ...item, [part]: value } : item)),
              );
            return (
              <div
                key={index}
                className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
              >
                <TextField
                  label={t('admin.ssoAdmin.mappingValue', { number })}
                  value={mapping.valor}
                  error={errors[`mapeamentoGrupos.${index}.valor`]}
                  onChange={(event) => update('valor', event.target.value)}
                />
                <SelectField
                  label={t('admin.ssoAdmin.mappingGroup', { number })}
                  value={mapping.idGrupo}
                  placeholder=""
                  options={groupOptions}
                  error={errors[`mapeamentoGrupos.${index}.idGrupo`]}
                  onChange={(event) => update('idGrupo', event.target.value)}
                />
                <Button
                  variant="danger-secondary"
                  onClick={() =>
                    set(
                      'mapeamentos',
                      draft.mapeamentos.filter((_item, at) => at !== index),
                    )
                  }
                >
                  {t('admin.ssoAdmin.mappingRemove', { number })}
                </Button>
              </div>
            );
          })}
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                set('mapeamentos', [
                  ...draft.mapeamentos,
                  { valor: '', idGrupo: groupOptions[0]?.value ?? '' },
                ])
              }
            >
              {t('admin.ssoAdmin.mappingAdd')}
            </Button>
          </div>
        </fieldset>

        <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-3" aria-describedby={breakGlassId}>
          <legend className="mb-1 text-lg font-semibold text-slate-900">
            {t('admin.ssoAdmin.breakGlassTitle')}
          </legend>
          <CheckboxField
            label={t('admin.ssoAdmin.ssoOnly')}
            hint={t('admin.ssoAdmin.ssoOnlyHint')}
            checked={draft.flSomenteSso}
            onChange={(event) => set('flSomenteSso', event.target.checked)}
          />
          <p id={breakGlassId} className="text-sm text-slate-700">
            {t('admin.ssoAdmin.breakGlassHint')}
          </p>
          <ul className="flex flex-col gap-2">
            {answer.listAdministradores.map((person) => (
              <li key={person.idUsuario}>
                <CheckboxField
                  label={person.email ? `${person.nome} (${person.email})` : person.nome}
                  checked={draft.excecoes.includes(person.idUsuario)}
                  onChange={(event) =>
                    set(
                      'excecoes',
                      event.target.checked
                        ? [...draft.excecoes, person.idUsuario]
                        : draft.excecoes.filter((id) => id !== person.idUsuario),
                    )
                  }
                />
              </li>
            ))}
          </ul>
          {errorOf(errors, 'idsUsuariosExcecao') && (
            <p className="text-sm text-red-700" role="alert">
              {errorOf(errors, 'idsUsuariosExcecao')}
            </p>
          )}
        </fieldset>

        {staleMessage && <StaleRecordAlert message={staleMessage} onReload={reloadRecord} />}
        {failure && <Alert type="error">{failure}</Alert>}
        <div className="flex flex-wrap gap-3">
          {canEdit && (
            <Button type="submit" loading={save.isPending}>
              {t('admin.ssoAdmin.save')}
            </Button>
          )}
          {canEdit && saved && (
            <Button variant="secondary" loading={test.isPending} onClick={() => test.mutate()}>
              {t('admin.ssoAdmin.test')}
            </Button>
          )}
        </div>
      </form>

      {test.error && <Alert type="error">{errorMessageOf(test.error, t('apiErrors.default'))}</Alert>}
      {checks && (
        <div role="status">
          <Alert
            type={checks.flOk === 'S' ? 'success' : 'warning'}
            title={checks.flOk === 'S' ? t('admin.ssoAdmin.testOk') : t('admin.ssoAdmin.testFailed')}
          >
            <ul className="flex flex-col gap-1">
              {checks.listVerificacoes.map((check, index) => (
                <li key={index}>
                  <span className="font-medium">
                    {check.item} —{' '}
                    {check.flOk === 'S' ? t('admin.ssoAdmin.checkOk') : t('admin.ssoAdmin.checkFailed')}:
                  </span>{' '}
                  {check.mensagem}
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      )}
    </div>
  );
}

/**
 * Corporate sign-in (/admin/configuracoes-app/sso): the identity provider, the addresses to paste
 * into it, the group mapping, SSO-only with its break-glass administrators, and the test. It
 * decides who signs in and as whom, so it needs the app settings' and the administrators'
 * permissions both (L to read, E to change).
 */
export function AdminSsoSettingsPage() {
  const { t } = useTranslation();
  const settings = useAdminAccess(AdminPermission.appSettings);
  const administrators = useAdminAccess(AdminPermission.administrators);
  const canRead = settings.canRead && administrators.canRead;
  return (
    <>
      <PageHeader
        title={t('admin.ssoAdmin.title')}
        description={t('admin.ssoAdmin.description')}
        breadcrumb={adminBreadcrumb(t('admin.ssoAdmin.title'))}
      />
      {canRead ? (
        <SsoSettingsLoader canEdit={settings.canEdit && administrators.canEdit} />
      ) : (
        <Alert type="error">{t('admin.ssoAdmin.needsBoth')}</Alert>
      )}
    </>
  );
}

function SsoSettingsLoader({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = useSsoSettings();
  if (isPending) return <PageSpinner label={t('common.loading')} />;
  if (error) {
    return (
      <Alert type="error" actions={<RetryButton onRetry={() => void refetch()} />}>
        {t('apiErrors.loadData')}
      </Alert>
    );
  }
  return <SsoSettingsForm answer={data} canEdit={canEdit} reload={async () => (await refetch()).data} />;
}
