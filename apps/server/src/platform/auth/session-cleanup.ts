import type { Logger } from '../logger.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../jobs.ts';
import { deleteEndedSessions } from './session-repo.ts';

declare module '../jobs.ts' {
  interface JobPayloads {
    'cleanup-sessions': Record<string, never>;
  }
}

/** Ended sessions are kept this long (for support questions) before the cleanup deletes them. */
const keptAfterEnd = 24 * 60 * 60 * 1000;

/** Registers the hourly job that deletes sessions which expired or were revoked over a day ago. */
export function registerSessionCleanup(jobs: JobQueue, deps: { db: Database; log: Logger }): void {
  jobs.register('cleanup-sessions', async () => {
    const deleted = await deleteEndedSessions(deps.db, new Date(Date.now() - keptAfterEnd));
    if (deleted > 0) deps.log.info({ deleted }, 'ended sessions deleted');
  });
  void jobs.schedule('cleanup-sessions', '5 * * * *', {});
}
