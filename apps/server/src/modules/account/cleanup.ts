import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { deleteExpiredAccountSecrets } from './repo.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    'cleanup-account-secrets': Record<string, never>;
  }
}

/** Expired tokens and codes are kept this long (for support questions) before they are deleted. */
const keptAfterExpiry = 24 * 60 * 60 * 1000;

/** Registers the hourly job that deletes account tokens and SMS codes expired over a day ago. */
export function registerAccountCleanup(jobs: JobQueue, deps: { db: Database; log: Logger }): void {
  jobs.register('cleanup-account-secrets', async () => {
    const deleted = await deleteExpiredAccountSecrets(deps.db, new Date(Date.now() - keptAfterExpiry));
    if (deleted.tokens + deleted.smsCodes > 0)
      deps.log.info(deleted, 'expired account tokens and codes deleted');
  });
  void jobs.schedule('cleanup-account-secrets', '10 * * * *', {});
}
