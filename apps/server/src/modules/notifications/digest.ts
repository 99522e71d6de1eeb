import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import { languageOrDefault } from '../../platform/i18n.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { MailSender } from '../../platform/mail.ts';
import { digestEmail } from './digest-email.ts';
import { listDigestRecipients, markEmailed, takeDigestRows, type DigestFrequency } from './repo.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    'notification-digest-daily': Record<string, never>;
    'notification-digest-weekly': Record<string, never>;
  }
}

/** The queue of each digest and when it runs (America/Sao_Paulo, the queue's default zone). */
export const digestJobs = {
  daily: { name: 'notification-digest-daily', cron: '0 8 * * *' },
  weekly: { name: 'notification-digest-weekly', cron: '0 8 * * 1' },
} as const satisfies Record<DigestFrequency, { name: string; cron: string }>;

interface DigestDeps {
  db: Database;
  mail: MailSender;
  /** The portal's address: links in the e-mail are absolute. */
  publicUrl: string;
  log: Logger;
}

/**
 * Sends a digest of this frequency to each person who has something for it. Per person, one
 * transaction locks their rows, marks them e-mailed and hands the message over: a refused message
 * rolls the mark back, so the job's retry sends it again and never sends the others twice.
 */
async function sendDigests(deps: DigestDeps, frequency: DigestFrequency): Promise<void> {
  const recipients = await listDigestRecipients(deps.db, frequency);
  let failed = 0;
  for (const userId of recipients) {
    try {
      await deps.db.transaction(async (tx) => {
        const content = await takeDigestRows(tx, userId, frequency);
        if (!content) return;
        await markEmailed(
          tx,
          content.rows.map((row) => row.id),
        );
        // No address (a matricula login) or no longer active: nothing to send, but the rows
        // leave the queue all the same, so they are not looked at every day.
        if (!content.person.email || !content.person.active) return;
        await deps.mail.send({
          to: content.person.email,
          ...digestEmail({
            language: languageOrDefault(content.person.language),
            frequency,
            personName: content.person.name,
            companyName: content.person.companyName,
            publicUrl: deps.publicUrl,
            items: content.rows,
          }),
        });
      });
    } catch (error) {
      failed += 1;
      deps.log.warn({ err: error, userId, frequency }, 'notification digest not sent');
    }
  }
  if (failed > 0) throw new Error(`${failed} notification digest(s) not sent`);
}

/** Registers the daily and weekly digest jobs and their schedules. */
export function registerNotificationDigests(jobs: JobQueue, deps: DigestDeps): void {
  for (const frequency of ['daily', 'weekly'] as const) {
    const { name, cron } = digestJobs[frequency];
    // Sending to many people may take a while; a retry only sends what is still pending.
    jobs.register(name, () => sendDigests(deps, frequency), { expireInSeconds: 60 * 60, retryLimit: 3 });
    void jobs.schedule(name, cron, {});
  }
}
