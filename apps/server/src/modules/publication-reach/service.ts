import type { Database } from '../../db/client.ts';
import type { LimiterFactory } from '../../platform/rate-limit.ts';
import type { Publication } from '../publications/publication.ts';
import type { TimelineService } from '../timeline/service.ts';
import type { ReachDeps } from './reach.ts';

export type PublicationReachService = ReturnType<typeof createPublicationReachService>;

/**
 * Reach and mandatory reading: the single publication's figures and tabs, views and confirmations
 * (reach.ts). The service is their dependencies.
 */
export function createPublicationReachService(deps: {
  db: Database;
  timeline: Pick<TimelineService, 'listPendingReadings' | 'visiblePostCondition'>;
  limiters: LimiterFactory;
  /**
   * View reports a person may send per minute: the portal sends a batch every few seconds at most
   * while scrolling, so this only stops a runaway client.
   */
  viewReportsPerMinute: number;
  /** The publication as the administration's list shows it (the publications module's). */
  findPublication: (companyId: number, postId: number) => Promise<Publication | undefined>;
}): ReachDeps {
  return {
    db: deps.db,
    timeline: deps.timeline,
    findPublication: deps.findPublication,
    viewReports: deps.limiters({
      keyPrefix: 'publication-views',
      points: deps.viewReportsPerMinute,
      durationSeconds: 60,
    }),
  };
}
