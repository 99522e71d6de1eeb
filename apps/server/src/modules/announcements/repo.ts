import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnnouncementStatusValue } from '@elo/contract/calls/announcements';
import { sharedConfig } from '@elo/contract/limits';
import type { Database } from '../../db/client.ts';
import { nextVersion, recordAtVersion } from '../../db/schema/columns.ts';
import { announcementGroups, announcementInteractions, announcements } from '../../db/schema/all.ts';

/** What an announcement holds, as the form sets it. */
export interface AnnouncementValues {
  imageKey: string;
  description: string | null;
  link: string | null;
  startsAt: Date;
  endsAt: Date;
}

/**
 * Its status from the database's clock: the one expression the row's status, the list's filter
 * and the carousel read, so they always agree.
 */
const statusOf = sql<AnnouncementStatusValue>`(case
  when ${announcements.startsAt} > now() then 'agendado'
  when ${announcements.endsAt} <= now() then 'encerrado'
  else 'ativo' end)`;

/**
 * Its place in the company's carousel, 1 first, counted over every announcement of the company
 * (position, then id): no gaps after a deletion, the same number whatever the filter or page.
 */
const rankOf = sql<number>`(select count(*)::int from announcements r
    where r.company_id = "announcements"."company_id"
      and (r.position, r.id) <= ("announcements"."position", "announcements"."id"))`;

const interactionCount = (kind: 'view' | 'click') =>
  sql<number>`(select count(*)::int from announcement_interactions i
    where i.announcement_id = "announcements"."id" and i.kind = ${kind})`;

const groupIdsOf = sql<
  number[]
>`coalesce((select array_agg(g.group_id order by g.group_id) from announcement_groups g
    where g.announcement_id = "announcements"."id"), '{}')`;

/** What the carousel shows of an announcement, and when. */
const carouselColumns = {
  id: announcements.id,
  imageKey: announcements.imageKey,
  description: announcements.description,
  link: announcements.link,
  startsAt: announcements.startsAt,
  endsAt: announcements.endsAt,
};

const listColumns = {
  ...carouselColumns,
  rank: rankOf,
  status: statusOf,
  groupIds: groupIdsOf,
  version: announcements.version,
  views: interactionCount('view'),
  clicks: interactionCount('click'),
};

export type AnnouncementRow = Awaited<ReturnType<typeof listAnnouncements>>[number];

function listFilter(companyId: number, status: AnnouncementStatusValue | undefined) {
  return and(eq(announcements.companyId, companyId), status ? sql`${statusOf} = ${status}` : undefined);
}

/** A page of the company's announcements in the carousel's order, with their groups and counts. */
export async function listAnnouncements(
  db: Database,
  companyId: number,
  status: AnnouncementStatusValue | undefined,
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select(listColumns)
    .from(announcements)
    .where(listFilter(companyId, status))
    .orderBy(asc(announcements.position), asc(announcements.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({ ...row, groupIds: row.groupIds.map(Number) }));
}

/** How many announcements the list would show. */
export async function countAnnouncements(
  db: Database,
  companyId: number,
  status: AnnouncementStatusValue | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(announcements)
    .where(listFilter(companyId, status));
  return row?.total ?? 0;
}

/** One announcement of the company as the list shows it. */
export async function findAnnouncement(
  db: Database,
  companyId: number,
  announcementId: number,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(announcements)
    .where(and(eq(announcements.companyId, companyId), eq(announcements.id, announcementId)));
  return row && { ...row, groupIds: row.groupIds.map(Number) };
}

/** Locks one announcement of the company for a change, answering its image's key. */
export async function lockAnnouncement(db: Database, companyId: number, announcementId: number) {
  const [row] = await db
    .select({ id: announcements.id, imageKey: announcements.imageKey, version: announcements.version })
    .from(announcements)
    .where(and(eq(announcements.companyId, companyId), eq(announcements.id, announcementId)))
    .for('update');
  return row;
}

/** A new announcement, last in the carousel's order. */
export async function insertAnnouncement(
  db: Database,
  companyId: number,
  values: AnnouncementValues,
): Promise<number> {
  const [row] = await db
    .insert(announcements)
    .values({
      companyId,
      ...values,
      position: sql`(select coalesce(max(a.position), 0) + 1 from announcements a where a.company_id = ${companyId})`,
    })
    .returning({ id: announcements.id });
  return row!.id;
}

/** Changes an announcement of the company. */
export async function updateAnnouncement(
  db: Database,
  companyId: number,
  announcementId: number,
  values: AnnouncementValues,
  version?: number,
): Promise<boolean> {
  const rows = await db
    .update(announcements)
    .set({ ...values, version: nextVersion(announcements.version) })
    .where(recordAtVersion(announcements, companyId, announcementId, version))
    .returning({ id: announcements.id });
  return rows.length > 0;
}

/** The groups an announcement is for, replaced (none: everyone). */
export async function replaceAnnouncementGroups(
  db: Database,
  companyId: number,
  announcementId: number,
  groupIds: number[],
): Promise<void> {
  await db
    .delete(announcementGroups)
    .where(
      and(eq(announcementGroups.companyId, companyId), eq(announcementGroups.announcementId, announcementId)),
    );
  if (groupIds.length === 0) return;
  await db
    .insert(announcementGroups)
    .values(groupIds.map((groupId) => ({ companyId, announcementId, groupId })));
}

/** Deletes an announcement of the company (its groups and counts go with it). */
export async function deleteAnnouncement(db: Database, companyId: number, announcementId: number) {
  await db
    .delete(announcements)
    .where(and(eq(announcements.companyId, companyId), eq(announcements.id, announcementId)));
}

/**
 * The company's announcements for one group and no other, locked and then read as the list shows
 * them (for a group being deleted).
 */
export async function lockGroupOnlyAnnouncements(
  db: Database,
  companyId: number,
  groupId: number,
): Promise<AnnouncementRow[]> {
  const announcementId = sql.raw('"announcements"."id"');
  const locked = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(
        eq(announcements.companyId, companyId),
        sql`exists (select 1 from ${announcementGroups} mine where mine.group_id = ${groupId} and mine.announcement_id = ${announcementId})`,
        sql`not exists (select 1 from ${announcementGroups} other where other.group_id <> ${groupId} and other.announcement_id = ${announcementId})`,
      ),
    )
    .orderBy(asc(announcements.id))
    .for('update');
  if (locked.length === 0) return [];
  const rows = await db
    .select(listColumns)
    .from(announcements)
    .where(
      and(
        eq(announcements.companyId, companyId),
        inArray(
          announcements.id,
          locked.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(announcements.id));
  return rows.map((row) => ({ ...row, groupIds: row.groupIds.map(Number) }));
}

/** Deletes announcements of the company (their groups and counts go with them). */
export async function deleteAnnouncements(db: Database, companyId: number, announcementIds: number[]) {
  if (announcementIds.length === 0) return;
  await db
    .delete(announcements)
    .where(and(eq(announcements.companyId, companyId), inArray(announcements.id, announcementIds)));
}

/** Every announcement of the company in the carousel's order (ids only), locked for a reorder. */
export async function lockOrder(db: Database, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(eq(announcements.companyId, companyId))
    .orderBy(asc(announcements.position), asc(announcements.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Writes the carousel's order: each id at its index + 1. */
export async function writeOrder(db: Database, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id}::int then ${index + 1}::int`),
    sql` `,
  );
  await db
    .update(announcements)
    .set({ position: sql`case ${announcements.id} ${cases} else ${announcements.position} end` })
    .where(and(eq(announcements.companyId, companyId), inArray(announcements.id, ids)));
}

export { findCompanyGroupIds, listGroupChoices } from '../../db/company-groups.ts';

/** Showing now, and for everyone or for a group the person is in (a condition on the table `announcements`). */
export function visibleTo(companyId: number, userId: number): SQL {
  return sql`${announcements.companyId} = ${companyId}
    and ${statusOf} = 'ativo'
    and (
      not exists (select 1 from announcement_groups g where g.announcement_id = "announcements"."id")
      or exists (
        select 1 from announcement_groups g
        join group_members m on m.group_id = g.group_id
        where g.announcement_id = "announcements"."id" and m.user_id = ${userId}
      )
    )`;
}

/** The announcements a person sees in their carousel now, in the administrators' order. */
export async function listVisibleAnnouncements(db: Database, companyId: number, userId: number) {
  return db
    .select(carouselColumns)
    .from(announcements)
    .where(visibleTo(companyId, userId))
    .orderBy(asc(announcements.position), asc(announcements.id));
}

/**
 * The announcements showing now that are for everyone or for one of these groups (a corporate TV
 * screen's), in the administrators' order: what the carousel of someone in those groups has.
 */
export async function listActiveAnnouncementsForGroups(db: Database, companyId: number, groupIds: number[]) {
  const forGroups =
    groupIds.length === 0
      ? sql`false`
      : sql`exists (select 1 from announcement_groups g
          where g.announcement_id = "announcements"."id" and g.group_id in ${groupIds})`;
  return db
    .select({
      id: announcements.id,
      imageKey: announcements.imageKey,
      description: announcements.description,
    })
    .from(announcements)
    .where(
      sql`${announcements.companyId} = ${companyId} and ${statusOf} = 'ativo' and (
        not exists (select 1 from announcement_groups g where g.announcement_id = "announcements"."id")
        or ${forGroups})`,
    )
    .orderBy(asc(announcements.position), asc(announcements.id));
}

/** The company's day (São Paulo's) an instant falls on: what "once a day" counts by. */
export const dayOf = (instant: SQL) =>
  sql<string>`(${instant} at time zone ${sharedConfig.currentTimezone})::date`;

/**
 * Counts a view or a click of an announcement the person sees now: once per person, day (in the
 * company's time zone) and kind. False when the person may not see it.
 */
export async function recordInteraction(
  db: Database,
  interaction: { companyId: number; userId: number; announcementId: number; kind: 'view' | 'click' },
): Promise<boolean> {
  const [visible] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(
        eq(announcements.id, interaction.announcementId),
        visibleTo(interaction.companyId, interaction.userId),
      ),
    );
  if (!visible) return false;
  await db
    .insert(announcementInteractions)
    .values({
      companyId: interaction.companyId,
      announcementId: interaction.announcementId,
      userId: interaction.userId,
      kind: interaction.kind,
      day: dayOf(sql`now()`),
    })
    .onConflictDoNothing();
  return true;
}
