import { AdminPermission } from '@elo/contract/enums';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminAccess } from '#lib/admin-access.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Alert } from '#ui/alert.tsx';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { fieldControlClassName } from '#ui/field.tsx';
import { RetryButton } from '#ui/load-failed-alert.tsx';
import { PageSpinner } from '#ui/spinner.tsx';
import { TitledSection } from '#ui/titled-section.tsx';
import {
  useCreateScimToken,
  useRevokeScimToken,
  useScimProvisioning,
} from '../hooks/use-scim-provisioning.ts';

/** A read-only value with its label and a button that copies it. */
function CopyableValue({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation();
  const id = useId();
  const showToast = useToastStore((state) => state.showToast);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast({ type: 'success', message: t('admin.scimAdmin.copied') });
    } catch {
      showToast({ type: 'error', message: t('admin.scimAdmin.copyFailed') });
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={fieldControlClassName(undefined, 'min-w-0 flex-1 font-mono text-sm')}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copyLabel}
        </Button>
      </div>
    </div>
  );
}

/**
 * The app settings' 'Provisionamento (SCIM)' card: the base URL to paste into the identity
 * provider, and its bearer token, made (and shown once) or revoked here. Only for those holding
 * the app settings and the administrators' area both (at E to change the token).
 */
export function ScimProvisioningCard() {
  const { t } = useTranslation();
  const settings = useAdminAccess(AdminPermission.appSettings);
  const administrators = useAdminAccess(AdminPermission.administrators);
  const canRead = settings.canRead && administrators.canRead;
  const canEdit = settings.canEdit && administrators.canEdit;
  const state = useScimProvisioning(canRead);
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const [newToken, setNewToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null);
  if (!canRead) return null;
  const language = currentLanguage();

  const makeToken = async () => {
    setConfirming(null);
    try {
      const answer = await create.mutateAsync();
      setNewToken(answer.token);
    } catch (error) {
      showErrorToast(error);
    }
  };
  const revokeToken = async () => {
    setConfirming(null);
    try {
      await revoke.mutateAsync();
      setNewToken(null);
      useToastStore.getState().showToast({ type: 'success', message: t('admin.scimAdmin.revoked') });
    } catch (error) {
      showErrorToast(error);
    }
  };

  return (
    <TitledSection title={t('admin.scimAdmin.title')} headingGap className="mt-10 max-w-3xl">
      <p className="mb-4 text-sm text-slate-700">{t('admin.scimAdmin.description')}</p>
      {state.isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : state.error ? (
        <Alert type="error" actions={<RetryButton onRetry={() => void state.refetch()} />}>
          {t('apiErrors.loadData')}
        </Alert>
      ) : (
        <div className="flex flex-col gap-4">
          <CopyableValue
            label={t('admin.scimAdmin.baseUrl')}
            value={state.data.urlBase}
            copyLabel={t('admin.scimAdmin.copyUrl')}
          />
          <p className="text-sm text-slate-700" role="status">
            {state.data.flTokenAtivo === 'S' && state.data.dtCriacaoToken
              ? t('admin.scimAdmin.tokenActive', {
                  date: formatDateTime(state.data.dtCriacaoToken, language),
                }) +
                ' ' +
                (state.data.dtUltimoUsoToken
                  ? t('admin.scimAdmin.tokenLastUsed', {
                      date: formatDateTime(state.data.dtUltimoUsoToken, language),
                    })
                  : t('admin.scimAdmin.tokenNeverUsed'))
              : t('admin.scimAdmin.noToken')}
          </p>
          {newToken ? (
            <Alert type="warning" title={t('admin.scimAdmin.newTokenTitle')}>
              <p className="mb-3">{t('admin.scimAdmin.newTokenWarning')}</p>
              <CopyableValue
                label={t('admin.scimAdmin.token')}
                value={newToken}
                copyLabel={t('admin.scimAdmin.copyToken')}
              />
            </Alert>
          ) : null}
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <Button
                loading={create.isPending}
                onClick={() =>
                  state.data.flTokenAtivo === 'S' ? setConfirming('replace') : void makeToken()
                }
              >
                {state.data.flTokenAtivo === 'S'
                  ? t('admin.scimAdmin.replaceToken')
                  : t('admin.scimAdmin.createToken')}
              </Button>
              {state.data.flTokenAtivo === 'S' ? (
                <Button
                  variant="danger-secondary"
                  loading={revoke.isPending}
                  onClick={() => setConfirming('revoke')}
                >
                  {t('admin.scimAdmin.revokeToken')}
                </Button>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-slate-700">{t('admin.scimAdmin.readOnly')}</p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming === 'replace'}
        onOpenChange={(open) => setConfirming(open ? 'replace' : null)}
        title={t('admin.scimAdmin.replaceTitle')}
        description={t('admin.scimAdmin.replaceDescription')}
        confirmLabel={t('admin.scimAdmin.replaceToken')}
        variant="danger"
        onConfirm={() => makeToken()}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        onOpenChange={(open) => setConfirming(open ? 'revoke' : null)}
        title={t('admin.scimAdmin.revokeTitle')}
        description={t('admin.scimAdmin.revokeDescription')}
        confirmLabel={t('admin.scimAdmin.revokeToken')}
        variant="danger"
        onConfirm={() => revokeToken()}
      />
    </TitledSection>
  );
}
