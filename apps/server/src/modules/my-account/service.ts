import type { Database } from '../../db/client.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { PersonalDataOwner } from '../../platform/personal-data.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { ChatService } from '../chat/service.ts';
import type { HrTicketsService } from '../hr-tickets/service.ts';
import type { SurveysService } from '../surveys/service.ts';
import type { TimelineService } from '../timeline/service.ts';
import { eraseAccount, type ErasureJob } from './deletion-requests.ts';
import { listCelebrationsOn } from './repo.ts';

declare module '../../platform/jobs.ts' {
  interface JobPayloads {
    /** Erases the personal data of a person whose deletion an administrator forced. */
    'erase-account': { companyId: number; requestId: number; userId: number; actorUserId: number };
  }
}

/**
 * Today's birthdays and work anniversaries (the company's day, a `yyyy-MM-dd`) of the active people
 * who did not keep out of them in "Minha conta", by name, with their photo keys.
 */
export async function listCelebrations(db: Database, companyId: number, day: string) {
  const rows = await listCelebrationsOn(db, companyId, day);
  return rows.flatMap((row) => [
    ...(row.birthday
      ? [{ name: row.name, photoKey: row.photoKey, kind: 'birthday' as const, years: null }]
      : []),
    ...(row.years !== null && row.years > 0
      ? [{ name: row.name, photoKey: row.photoKey, kind: 'workAnniversary' as const, years: row.years }]
      : []),
  ]);
}

export interface MyAccountDeps {
  db: Database;
  storage: MediaStorage;
  sessions: SessionManager;
  jobs: JobQueue;
  timeline: Pick<TimelineService, 'listPersonData'>;
  chat: Pick<ChatService, 'listSentMessages'>;
  surveys: Pick<SurveysService, 'listNamedAnswers'>;
  /** Every module's personal data and its erasure (modules/personal-data-owners.ts). */
  personalData: readonly PersonalDataOwner[];
  /** Where a file the erasure could not remove is reported. */
  log: { warn: (details: object, message: string) => void };
  /** The person's HR tickets for the export (the HR tickets module reads them). */
  hrTickets?: Pick<HrTicketsService, 'listPersonData'>;
}

export type MyAccountService = ReturnType<typeof createMyAccountService>;

/**
 * Each person's own data ("Minha conta": profile, photo and the export of everything held about
 * them, in profile.ts) and deletion requests with the job that erases a deleted person's data for
 * good (deletion-requests.ts).
 */
export function createMyAccountService(deps: MyAccountDeps) {
  return { ...deps, eraseAccount: (job: ErasureJob) => eraseAccount(deps, job) };
}

/** Registers the erasure job: retried with backoff, each run idempotent. */
export function registerAccountErasure(jobs: JobQueue, service: MyAccountService): void {
  jobs.register('erase-account', (job) => service.eraseAccount(job.data), {
    retryLimit: 10,
    expireInSeconds: 60 * 60,
  });
}
