import { toFlag } from '@elo/contract/wire';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreferenciaNotificacao } from '@elo/contract/calls/notifications';
import { EmailDigest, type EmailDigestValue } from '@elo/contract/enums';
import { showErrorToast } from '#lib/show-error.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';
import { SelectField } from '#ui/select-field.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { SwitchField } from '#ui/switch-field.tsx';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../hooks/use-notifications.ts';
import { PushDevices } from './push-devices.tsx';

/**
 * Per type of notification: shown in the portal or not, pushed to the person's devices or not, and
 * an e-mail digest (none, daily, weekly).
 */
export function NotificationPreferencesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const stored = useNotificationPreferences(open);
  const save = useSaveNotificationPreferences();
  const showToast = useToastStore((store) => store.showToast);
  const [edited, setEdited] = useState<PreferenciaNotificacao[] | undefined>();
  const choices = edited ?? stored.data;

  const change = (index: number, patch: Partial<PreferenciaNotificacao>) =>
    setEdited(choices?.map((choice, at) => (at === index ? { ...choice, ...patch } : choice)));

  const digestOptions = [
    { value: EmailDigest.none, label: t('notifications.emailNone') },
    { value: EmailDigest.daily, label: t('notifications.emailDaily') },
    { value: EmailDigest.weekly, label: t('notifications.emailWeekly') },
  ];

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('notifications.preferences')}
      description={t('notifications.preferencesDescription')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            loading={save.isPending}
            disabled={!choices}
            onClick={() => {
              if (!choices) return;
              save.mutate(choices, {
                onSuccess: () => {
                  showToast({ type: 'success', message: t('notifications.saved') });
                  onOpenChange(false);
                },
                onError: (error) => showErrorToast(error),
              });
            }}
          >
            {t('notifications.save')}
          </Button>
        </>
      }
    >
      {!choices ? (
        stored.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('notifications.loadFailed')}
          </p>
        ) : (
          <Spinner label={t('common.loading')} />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <PushDevices open={open} />
          {choices.map((choice, index) => (
            <fieldset key={choice.tipo} className="rounded-md border border-slate-200 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">
                {t(`notifications.types.${choice.tipo}`)}
              </legend>
              <div className="mb-3 flex flex-col gap-3">
                <SwitchField
                  label={t('notifications.inApp')}
                  checked={choice.flNoApp === 'S'}
                  onChange={(event) => change(index, { flNoApp: toFlag(event.target.checked) })}
                />
                <SwitchField
                  label={t('notifications.push')}
                  checked={choice.flPush === 'S'}
                  onChange={(event) => change(index, { flPush: toFlag(event.target.checked) })}
                />
              </div>
              <SelectField
                label={t('notifications.email')}
                options={digestOptions}
                value={choice.email}
                onChange={(event) => change(index, { email: event.target.value as EmailDigestValue })}
              />
            </fieldset>
          ))}
        </div>
      )}
    </Modal>
  );
}
