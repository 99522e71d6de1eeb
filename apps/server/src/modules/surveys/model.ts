import type { Database } from '../../db/client.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { NotificationsService } from '../notifications/service.ts';

/**
 * What every survey use case takes first: the module's dependencies, built once by
 * `createSurveysService` (service.ts) and handed to the routes.
 */
export interface SurveysModule {
  db: Database;
  storage: MediaStorage;
  /** Tells the audience when a survey is published. */
  notifications: Pick<NotificationsService, 'notify'>;
}

/** A signed-in person of a company with their administration statuses (a session). */
export type SurveyReader = TenantScope & { adminPermissions: AdminStatuses };

/** Where a survey stands: being written, taking answers (within its dates), or closed. */
export type SurveyState = 'draft' | 'published' | 'closed';
