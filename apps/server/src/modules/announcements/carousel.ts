import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { listActiveAnnouncementsForGroups, listVisibleAnnouncements, recordInteraction } from './repo.ts';

/** An announcement as the portal's carousel shows it. */
export type Banner = Awaited<ReturnType<typeof listVisibleAnnouncements>>[number];

/** The announcements the person sees in their carousel now. */
export const listBanners = (deps: { db: Database }, scope: TenantScope): Promise<Banner[]> =>
  listVisibleAnnouncements(deps.db, scope.companyId, scope.userId);

/** Counts a view or a click of an announcement the person sees now (once a day); else 404. */
export async function recordInteractionOf(
  deps: { db: Database },
  scope: TenantScope,
  announcementId: number,
  kind: 'view' | 'click',
): Promise<void> {
  const counted = await recordInteraction(deps.db, { ...scope, announcementId, kind });
  if (!counted) throw new AppError('NOT_FOUND');
}

/**
 * The announcements a corporate TV screen of these groups shows now (everyone's and its groups'),
 * in the carousel's order, with their image keys.
 */
export async function listScreenAnnouncements(db: Database, companyId: number, groupIds: number[]) {
  const rows = await listActiveAnnouncementsForGroups(db, companyId, groupIds);
  return rows.map((row) => ({ id: row.id, imageKey: row.imageKey, description: row.description }));
}
