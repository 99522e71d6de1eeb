import { reminderIdFromLink } from '@elo/contract/calls/reminders';
import { NotificationType } from '@elo/contract/enums';
import type { Notificacao } from '@elo/contract/calls/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '#lib/api-client.ts';
import { formatDateTime } from '#lib/dates.ts';
import { currentLanguage } from '#lib/i18n/i18n.ts';
import { useToastStore } from '#lib/stores/toast-store.ts';
import { Button } from '#ui/button.tsx';
import { useSnoozeReminderFromBell } from '../hooks/use-snooze-reminder.ts';

/** The snoozes the bell offers on a reminder: 10 minutes and an hour. */
const snoozes = [
  { minutes: 10, label: 'notifications.snooze10' },
  { minutes: 60, label: 'notifications.snooze60' },
] as const;

/**
 * On a reminder's notification, buttons that put the reminder off (its id travels in the
 * notification's link); nothing for any other notification.
 */
export function ReminderSnoozeButtons({ item }: { item: Notificacao }) {
  const { t } = useTranslation();
  const snooze = useSnoozeReminderFromBell();
  const showToast = useToastStore((state) => state.showToast);
  const idLembrete = item.tipo === NotificationType.reminder ? reminderIdFromLink(item.link) : null;
  if (idLembrete === null) return null;

  const put = async (minutos: number) => {
    try {
      const answer = await snooze.mutateAsync({ idLembrete, minutos });
      const next = answer.lembrete.dtProximaOcorrencia;
      showToast({
        type: 'success',
        message: t('notifications.snoozed', {
          when: next ? formatDateTime(next, currentLanguage()) : '',
        }),
      });
    } catch (error) {
      showToast({
        type: 'error',
        title: t('notifications.snoozeFailed'),
        message: errorMessageOf(error, t('notifications.snoozeFailed')),
      });
    }
  };

  return (
    <div
      className="flex flex-wrap gap-2 px-4 pb-3 pl-9"
      role="group"
      aria-label={t('notifications.snoozeGroup', { titulo: item.titulo })}
    >
      {snoozes.map((option) => (
        <Button
          key={option.minutes}
          variant="secondary"
          size="sm"
          disabled={snooze.isPending}
          onClick={() => void put(option.minutes)}
        >
          {t(option.label)}
        </Button>
      ))}
    </div>
  );
}
