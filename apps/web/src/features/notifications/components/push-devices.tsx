import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { pushUnavailable, PushPermissionDenied } from '#lib/pwa/push-subscription.ts';
import { showErrorToast } from '#lib/show-error.ts';
import { Button } from '#ui/button.tsx';
import { SwitchField } from '#ui/switch-field.tsx';
import {
  usePushDevices,
  useRemovePushDevice,
  useSubscribeThisBrowser,
  useTestPushDevice,
  useThisBrowserPush,
  useUnsubscribeThisBrowser,
} from '../hooks/use-push.ts';

/**
 * 'Receber neste dispositivo' and the person's devices (issue 30): this browser subscribes only
 * after a tap (the browser's permission prompt comes then, never on load); each device can be
 * removed or sent a test, whose outcome is the push service's answer in words.
 */
export function PushDevices({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const devices = usePushDevices(open);
  const thisBrowser = useThisBrowserPush(open);
  const subscribe = useSubscribeThisBrowser(({ browser, system }) =>
    t('notifications.pushDevice.name', {
      browser: browser || t('notifications.pushDevice.someBrowser'),
      system: system || t('notifications.pushDevice.someSystem'),
    }),
  );
  const unsubscribe = useUnsubscribeThisBrowser();
  const remove = useRemovePushDevice();
  const test = useTestPushDevice();
  const [problem, setProblem] = useState<string | null>(null);
  const [testOutcome, setTestOutcome] = useState<{ id: number; text: string } | null>(null);
  const unavailable = pushUnavailable();
  const subscribed = Boolean(thisBrowser.data);

  const turnOn = () => {
    setProblem(null);
    subscribe.mutate(undefined, {
      // Refused at the prompt, or the browser's push service out of reach (headless browsers,
      // some privacy settings): said in words, with what to do.
      onError: (error) =>
        setProblem(
          t(
            error instanceof PushPermissionDenied
              ? 'notifications.pushDevice.denied'
              : 'notifications.pushDevice.failed',
          ),
        ),
    });
  };

  return (
    <section aria-labelledby="push-devices-title" className="rounded-md border border-slate-200 p-4">
      <h3 id="push-devices-title" className="text-sm font-semibold text-slate-900">
        {t('notifications.pushDevice.title')}
      </h3>
      {unavailable ? (
        <p className="mt-2 text-sm text-slate-700">{t(`notifications.pushDevice.${unavailable}`)}</p>
      ) : (
        <div className="mt-2">
          <SwitchField
            label={t('notifications.pushDevice.thisDevice')}
            checked={subscribed}
            disabled={thisBrowser.isPending || subscribe.isPending || unsubscribe.isPending}
            onChange={(event) => {
              if (event.target.checked) turnOn();
              else if (thisBrowser.data)
                unsubscribe.mutate(thisBrowser.data, { onError: (error) => showErrorToast(error) });
            }}
          />
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      <h4 className="mt-4 text-sm font-medium text-slate-900">{t('notifications.pushDevice.devices')}</h4>
      {devices.data?.length === 0 && (
        <p className="mt-1 text-sm text-slate-700">{t('notifications.pushDevice.none')}</p>
      )}
      <ul className="mt-1 flex flex-col gap-2">
        {devices.data?.map((device) => (
          <li key={device.idDispositivo} className="rounded-md bg-slate-50 p-3 text-sm">
            <p className="font-medium text-slate-900">
              {device.nomeDispositivo ?? t('notifications.pushDevice.unnamed')}
              {thisBrowser.data?.deviceId === device.idDispositivo &&
                ` ${t('notifications.pushDevice.thisOne')}`}
            </p>
            <p className="text-slate-700">
              {device.dtUltimoEnvio
                ? t('notifications.pushDevice.lastSent', {
                    date: formatDateTime(device.dtUltimoEnvio, language),
                  })
                : t('notifications.pushDevice.neverSent')}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                loading={test.isPending && test.variables === device.idDispositivo}
                onClick={() =>
                  test.mutate(device.idDispositivo, {
                    onSuccess: (answer) =>
                      setTestOutcome({ id: device.idDispositivo, text: answer.mensagem }),
                    onError: (error) => showErrorToast(error),
                  })
                }
              >
                {t('notifications.pushDevice.test')}
              </Button>
              <Button
                variant="secondary"
                loading={remove.isPending && remove.variables === device.idDispositivo}
                aria-label={t('notifications.pushDevice.removeNamed', {
                  name: device.nomeDispositivo ?? t('notifications.pushDevice.unnamed'),
                })}
                onClick={() =>
                  remove.mutate(device.idDispositivo, { onError: (error) => showErrorToast(error) })
                }
              >
                {t('notifications.pushDevice.remove')}
              </Button>
            </div>
            {testOutcome?.id === device.idDispositivo && (
              <p role="status" className="mt-2 text-slate-800">
                {testOutcome.text}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
