import type { Database } from '../../db/client.ts';
import { pageOf, rowsOf, type Page, type PageQuery } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import { plainText, type Publication, type PublicationFilter } from './publication.ts';
import {
  countPublications,
  findPublication,
  listGroups,
  listOutPublications,
  pagePublications,
} from './repo.ts';

/** A page of the company's publications, newest first (by their publication time). */
export async function listPublications(
  deps: { db: Database },
  scope: TenantScope,
  filter: PublicationFilter,
  page: PageQuery,
): Promise<Page<Publication>> {
  const { publications, total } = await pagePublications(deps.db, scope.companyId, filter, rowsOf(page));
  return pageOf(page, publications, total);
}

/** How many publications of the company the list shows with this filter (the dashboard's figure). */
export const countCompanyPublications = (
  db: Database,
  options: { companyId: number; filter: PublicationFilter },
): Promise<number> => countPublications(db, options.companyId, options.filter);

/** The company's groups, for the publish screen's choice and the filters, by name. */
export const listPublicationGroups = (deps: { db: Database }, scope: TenantScope) =>
  listGroups(deps.db, scope.companyId);

/** A publication of the company, or undefined: for the reach reports. */
export const findCompanyPublication = (
  db: Database,
  options: { companyId: number; postId: number },
): Promise<Publication | undefined> => findPublication(db, options.companyId, options.postId);

/**
 * The latest publications out now on the wall or in these groups, newest first, at most `limit`:
 * what a corporate TV screen rotates (never a draft, a scheduled one before its time, a hidden or
 * a deleted one). Media come as storage keys: the caller decides how they are served.
 */
export async function listOutPublicationsForScreen(
  db: Database,
  options: { companyId: number; groupIds: number[]; limit: number },
) {
  const rows = await listOutPublications(db, options.companyId, options.groupIds, options.limit);
  return rows.map((row) => {
    const isVideo = row.media_type?.startsWith('video/') ?? false;
    return {
      id: row.id,
      text: plainText(row.text),
      publishedAt: new Date(row.publish_at),
      authorName: row.author_name,
      authorPhotoKey: row.author_photo,
      imageKey: isVideo ? null : row.media_key,
      videoThumbnailKey: isVideo ? row.thumb_key : null,
    };
  });
}
