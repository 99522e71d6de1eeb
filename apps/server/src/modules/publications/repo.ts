import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/raw-sql.ts';
import { postViewersSql, reachOfPostRow } from '../../db/post-reach.ts';
import { folded, foldedPattern } from '../../db/text-search.ts';
import {
  comments,
  groups,
  postGroups,
  postMedia,
  postReadConfirmations,
  posts,
  reactions,
  users,
} from '../../db/schema/all.ts';
import type { Publication, PublicationFilter } from './publication.ts';

export { findCompanyGroupIds } from '../../db/company-groups.ts';

/** A publication as the statement gives it: the post, its groups, file, author and counts. */
interface PublicationRow {
  id: number;
  type: number;
  text: string | null;
  status: string;
  publish_at: Date | string;
  on_wall: boolean;
  allow_comments: boolean;
  youtube_id: string | null;
  edited_at: Date | string | null;
  hidden_at: Date | string | null;
  requires_reading: boolean;
  reading_deadline: Date | string | null;
  reading_reminder_days: number | null;
  author_id: number;
  author_name: string;
  author_photo: string | null;
  groups: { id: number; name: string; abbreviation: string }[] | null;
  media_key: string | null;
  media_type: string | null;
  thumb_key: string | null;
  comment_total: number;
  reaction_total: number;
  view_total: number;
  edit_version: number;
}

const publicationOf = (row: PublicationRow): Publication => ({
  id: row.id,
  type: row.type,
  text: row.text,
  status: row.status,
  publishAt: new Date(row.publish_at),
  onWall: row.on_wall,
  allowsComments: row.allow_comments,
  youtubeId: row.youtube_id,
  editedAt: row.edited_at === null ? null : new Date(row.edited_at),
  hiddenAt: row.hidden_at === null ? null : new Date(row.hidden_at),
  requiresReading: row.requires_reading,
  readingDeadline: row.reading_deadline === null ? null : new Date(row.reading_deadline),
  readingReminderDays: row.reading_reminder_days,
  author: { id: row.author_id, name: row.author_name, photoKey: row.author_photo },
  groups: row.groups ?? [],
  mediaKey: row.media_key,
  mediaType: row.media_type,
  thumbnailKey: row.thumb_key,
  commentCount: row.comment_total,
  reactionCount: row.reaction_total,
  viewCount: row.view_total,
  editVersion: row.edit_version,
});

const statusCondition: Record<NonNullable<PublicationFilter['status']>, SQL> = {
  Agendado: sql`p.status = 'published' and p.publish_at > now()`,
  Publicado: sql`p.status = 'published' and p.publish_at <= now()`,
  Rascunho: sql`p.status = 'draft'`,
};

function filterSql(companyId: number, filter: PublicationFilter): SQL {
  const parts: SQL[] = [sql`p.company_id = ${companyId} and p.is_publication and p.deleted_at is null`];
  if (filter.status) parts.push(statusCondition[filter.status]);
  if (filter.search)
    parts.push(sql`${folded(sql`coalesce(p.text, '')`)} like ${foldedPattern(filter.search)}`);
  if (filter.groupId !== undefined)
    parts.push(
      sql`exists (select 1 from ${postGroups} x where x.post_id = p.id and x.group_id = ${filter.groupId})`,
    );
  return sql.join(parts, sql` and `);
}

const selectColumns = sql`p.id, p.type, p.text, p.status, p.publish_at, p.on_wall, p.allow_comments, p.youtube_id,
  p.edited_at, p.hidden_at, p.requires_reading, p.reading_deadline, p.reading_reminder_days,
  u.id as author_id, u.name as author_name, u.photo_key as author_photo,
  (select json_agg(json_build_object('id', g.id, 'name', g.name, 'abbreviation', g.abbreviation) order by g.name)
    from ${postGroups} x join ${groups} g on g.id = x.group_id where x.post_id = p.id) as groups,
  m.storage_key as media_key, m.mime_type as media_type, m.thumbnail_key as thumb_key,
  (select count(*)::int from ${comments} c where c.post_id = p.id and c.deleted_at is null) as comment_total,
  (select count(*)::int from ${reactions} r where r.post_id = p.id) as reaction_total,
  (select count(*)::int from (${postViewersSql(reachOfPostRow)}) pv) as view_total, p.edit_version`;

const fromClause = sql`from ${posts} p join ${users} u on u.id = p.author_id
  left join lateral (select storage_key, mime_type, thumbnail_key from ${postMedia} pm
    where pm.post_id = p.id order by pm.id limit 1) m on true`;

/** A page of the company's publications, newest first (by their publication time), and the total. */
export async function pagePublications(
  db: Database,
  companyId: number,
  filter: PublicationFilter,
  page: { limit: number; offset: number },
): Promise<{ publications: Publication[]; total: number }> {
  const where = filterSql(companyId, filter);
  const [rows, [counted]] = await Promise.all([
    selectRows<PublicationRow>(
      db,
      sql`select ${selectColumns} ${fromClause} where ${where}
        order by p.publish_at desc nulls last, p.id desc nulls last limit ${page.limit} offset ${page.offset}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from ${posts} p where ${where}`),
  ]);
  return { publications: rows.map(publicationOf), total: counted?.total ?? 0 };
}

/** How many publications of the company match the filter: the total `pagePublications` answers. */
export async function countPublications(db: Database, companyId: number, filter: PublicationFilter) {
  const [counted] = await selectRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${posts} p where ${filterSql(companyId, filter)}`,
  );
  return counted?.total ?? 0;
}

/** A publication as a corporate TV screen shows it. */
export interface ScreenPublicationRow {
  id: number;
  text: string | null;
  publish_at: Date | string;
  author_name: string;
  author_photo: string | null;
  media_key: string | null;
  media_type: string | null;
  thumb_key: string | null;
}

/**
 * The company's latest publications out now (published, its time come, not hidden nor deleted)
 * on the wall or in one of these groups, newest first: what a corporate TV screen shows.
 */
export async function listOutPublications(
  db: Database,
  companyId: number,
  groupIds: number[],
  limit: number,
): Promise<ScreenPublicationRow[]> {
  const inGroups =
    groupIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from ${postGroups} x where x.post_id = p.id and x.group_id in ${groupIds})`;
  return selectRows<ScreenPublicationRow>(
    db,
    sql`select p.id, p.text, p.publish_at, u.name as author_name, u.photo_key as author_photo,
        m.storage_key as media_key, m.mime_type as media_type, m.thumbnail_key as thumb_key
      ${fromClause}
      where p.company_id = ${companyId} and p.is_publication and p.deleted_at is null
        and p.status = 'published' and p.publish_at <= now() and p.hidden_at is null
        and (p.on_wall or ${inGroups})
      order by p.publish_at desc, p.id desc limit ${limit}`,
  );
}

/** One publication of the company (not deleted), or undefined. */
export async function findPublication(
  db: Database,
  companyId: number,
  postId: number,
): Promise<Publication | undefined> {
  const [row] = await selectRows<PublicationRow>(
    db,
    sql`select ${selectColumns} ${fromClause}
      where p.id = ${postId} and p.company_id = ${companyId} and p.is_publication and p.deleted_at is null`,
  );
  return row && publicationOf(row);
}

/** A publication locked for a change, with what the change decides on. */
export interface LockedPublication {
  id: number;
  status: string;
  publishAt: Date;
  text: string | null;
  /** Published with its time still ahead. */
  scheduled: boolean;
  mediaKey: string | null;
  mediaType: string | null;
  thumbnailKey: string | null;
  editVersion: number;
}

/** Locks a publication of the company for a change, with what the change decides on. */
export async function lockPublication(
  db: Database,
  companyId: number,
  postId: number,
): Promise<LockedPublication | undefined> {
  const [row] = await selectRows<{
    id: number;
    status: string;
    publish_at: Date | string;
    text: string | null;
    scheduled: boolean;
    media_key: string | null;
    media_type: string | null;
    thumb_key: string | null;
    edit_version: number;
  }>(
    db,
    sql`select p.id, p.status, p.publish_at, p.text, p.edit_version, (p.status = 'published' and p.publish_at > now()) as scheduled,
        (select pm.storage_key from ${postMedia} pm where pm.post_id = p.id order by pm.id limit 1) as media_key,
        (select pm.mime_type from ${postMedia} pm where pm.post_id = p.id order by pm.id limit 1) as media_type,
        (select pm.thumbnail_key from ${postMedia} pm where pm.post_id = p.id order by pm.id limit 1) as thumb_key
      from ${posts} p
      where p.id = ${postId} and p.company_id = ${companyId} and p.is_publication and p.deleted_at is null
      for update of p`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    publishAt: new Date(row.publish_at),
    text: row.text,
    scheduled: row.scheduled,
    mediaKey: row.media_key,
    mediaType: row.media_type,
    thumbnailKey: row.thumb_key,
    editVersion: row.edit_version,
  };
}

export type PostValues = Pick<
  typeof posts.$inferInsert,
  | 'type'
  | 'text'
  | 'allowComments'
  | 'youtubeId'
  | 'onWall'
  | 'status'
  | 'publishAt'
  | 'requiresReading'
  | 'readingDeadline'
  | 'readingReminderDays'
>;

export interface MediaValues {
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  thumbnailKey: string | null;
}

export async function insertPublication(
  db: Database,
  scope: { companyId: number; userId: number },
  values: PostValues,
): Promise<number> {
  const [row] = await db
    .insert(posts)
    .values({
      ...values,
      companyId: scope.companyId,
      authorId: scope.userId,
      isPublication: true,
      backgroundColor: values.type === 1 ? '#ffffff' : null,
    })
    .returning({ id: posts.id });
  return row!.id;
}

/** Changes a publication, raising its card version so no cached card of it is served again. */
export async function updatePublication(
  db: Database,
  companyId: number,
  postId: number,
  values: Partial<PostValues> & { editedAt?: Date | null },
  editVersion?: number,
): Promise<boolean> {
  // Both versions go up: the card's (what the feed caches) and the form's (its versao).
  const rows = await db
    .update(posts)
    .set({ ...values, version: sql`${posts.version} + 1`, editVersion: sql`${posts.editVersion} + 1` })
    .where(
      and(
        eq(posts.id, postId),
        eq(posts.companyId, companyId),
        editVersion === undefined ? undefined : eq(posts.editVersion, editVersion),
      ),
    )
    .returning({ id: posts.id });
  return rows.length > 0;
}

export async function replaceGroups(db: Database, companyId: number, postId: number, groupIds: number[]) {
  await db.delete(postGroups).where(eq(postGroups.postId, postId));
  if (groupIds.length > 0)
    await db.insert(postGroups).values(groupIds.map((groupId) => ({ companyId, postId, groupId })));
}

/** Replaces the publication's file (none removes it). */
export async function replaceMedia(
  db: Database,
  companyId: number,
  postId: number,
  media: MediaValues | null,
) {
  await db.delete(postMedia).where(eq(postMedia.postId, postId));
  if (media) await db.insert(postMedia).values({ ...media, companyId, postId });
}

/** Forgets every confirmation of a publication's reading (its text changed and all must confirm again). */
export async function deleteConfirmations(db: Database, postId: number): Promise<number> {
  const rows = await db
    .delete(postReadConfirmations)
    .where(eq(postReadConfirmations.postId, postId))
    .returning({ userId: postReadConfirmations.userId });
  return rows.length;
}

export async function countConfirmations(db: Database, postId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(postReadConfirmations)
    .where(eq(postReadConfirmations.postId, postId));
  return row?.total ?? 0;
}

export async function softDeletePublication(db: Database, companyId: number, postId: number) {
  await db
    .update(posts)
    .set({ deletedAt: new Date(), version: sql`${posts.version} + 1` })
    .where(and(eq(posts.id, postId), eq(posts.companyId, companyId)));
}

/** The company's groups for the publish screen's choice, by name. */
export async function listGroups(db: Database, companyId: number) {
  return db
    .select({ id: groups.id, name: groups.name, abbreviation: groups.abbreviation })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(groups.name, groups.id);
}
