import type { Logger } from '../../platform/logger.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { notifyAudience, publicationJob } from './notifying.ts';
import type { PublishingDeps } from './publishing.ts';

export { countCompanyPublications, findCompanyPublication, listOutPublicationsForScreen } from './listing.ts';

export type PublicationsService = ReturnType<typeof createPublicationsService>;

/**
 * Publications: the administration's posts to the wall or to groups, published now, scheduled or
 * kept as drafts (listing.ts, publishing.ts, scheduling.ts). A scheduled publication is a
 * published post whose publish_at is ahead: the feed shows it from that instant by itself; a job
 * queued for the same instant tells its audience (notifying.ts). The service is the module's
 * dependencies, and the job's work.
 */
export function createPublicationsService(deps: PublishingDeps & { log: Logger }) {
  return {
    ...deps,
    /** The job's work: tells the audience once the publication is out. */
    notifyAudience: (data: { postId: number; publishAt: string }) => notifyAudience(deps, data),
  };
}

/** Registers the publication notification job on the queue. */
export function registerPublicationJobs(jobs: JobQueue, publications: PublicationsService) {
  jobs.register(publicationJob, (job) => publications.notifyAudience(job.data), { policy: 'short' });
}
