import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { deleteGroupAnnouncements, type AnnouncementsDeps } from './authoring.ts';
import { visibleTo } from './repo.ts';

export { listScreenAnnouncements } from './carousel.ts';

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

/**
 * HR announcements: the administration's list, form, order and deletion, each write audited in
 * its transaction (authoring.ts), and the carousel each employee sees with their views and clicks
 * (carousel.ts). The service is their dependencies, and what the groups module calls.
 */
export function createAnnouncementsService(deps: AnnouncementsDeps) {
  return {
    ...deps,
    /**
     * The carousel's rule (showing now, for everyone or one of the person's groups), as a
     * condition on the table `announcements` for another module's statement (the portal's search).
     */
    visibleAnnouncementCondition: (scope: TenantScope) => visibleTo(scope.companyId, scope.userId),
    /**
     * For a group being deleted, in the caller's transaction: deletes (audited) the company's
     * announcements for that group and no other; answers their image keys.
     */
    deleteGroupAnnouncements: (tx: Database, companyId: number, groupId: number, actor: Actor) =>
      deleteGroupAnnouncements(tx, companyId, groupId, actor),
  };
}
