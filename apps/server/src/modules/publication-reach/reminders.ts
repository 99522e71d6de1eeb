import { NotificationType } from '@elo/contract/enums';
import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { formatDateTime } from '../../platform/i18n.ts';
import type { NotificationsService } from '../notifications/service.ts';
import { listDueReminders, listRemindablePublications, postLink } from './repo.ts';

/** The scan that reminds people of the mandatory readings they have not confirmed. */
export const readingReminderJob = 'publication-reading-reminders';

/** How often the scan runs: a reminder comes at most this late after its interval. */
export const readingReminderCron = '*/15 * * * *';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    [readingReminderJob]: Record<string, never>;
  }
}

/** The first words of a text, for a notification's body. */
function excerpt(text: string | null): string {
  const plain = (text ?? '').replace(/<[^>]*>/g, '').trim();
  const chars = [...plain];
  return chars.length > 160 ? `${chars.slice(0, 159).join('')}…` : plain;
}

/**
 * One scan: for each mandatory reading with reminders, published and before its deadline, the
 * people of its audience who have not confirmed and got no reminder of it within its interval get
 * one (the bell, and e-mail by their preference, through the notifications module). The
 * notifications themselves are the record of what was sent, so a scan run again (a retry, another
 * node) sends nothing twice within an interval.
 */
export async function sendReadingReminders(deps: {
  db: Database;
  notifications: Pick<NotificationsService, 'notify'>;
}): Promise<number> {
  let sent = 0;
  for (const post of await listRemindablePublications(deps.db)) {
    const userIds = await listDueReminders(deps.db, post);
    if (userIds.length === 0) continue;
    const deadline = post.reading_deadline ? new Date(post.reading_deadline) : null;
    await deps.notifications.notify({
      companyId: post.company_id,
      userIds,
      type: NotificationType.readingReminder,
      title: (t) => t('bell.readingReminder'),
      body: (t, language) =>
        [
          excerpt(post.text),
          deadline ? t('bell.readingDeadline', { date: formatDateTime(deadline, language) }) : '',
        ]
          .join(' ')
          .trim(),
      link: postLink(post.id),
      // A reminder again about the same reading, while the last is unread, takes its place.
      group: { key: `reading-reminder:${post.id}` },
    });
    sent += userIds.length;
  }
  return sent;
}

/**
 * The scan is a recurring job of the queue: the cron fires once across all nodes, and the queue's
 * singleton policy runs at most one scan at a time, so two nodes never remind the same person twice.
 */
export function registerReadingReminders(
  jobs: JobQueue,
  deps: { db: Database; notifications: Pick<NotificationsService, 'notify'>; log: Logger },
): void {
  jobs.register(
    readingReminderJob,
    async () => {
      const sent = await sendReadingReminders(deps);
      if (sent > 0) deps.log.info({ sent }, 'reading reminders sent');
    },
    { policy: 'singleton', retryLimit: 3, expireInSeconds: 10 * 60 },
  );
  void jobs.schedule(readingReminderJob, readingReminderCron, {});
}
