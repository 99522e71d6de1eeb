import type { InteractionTab } from '@elo/contract/calls/publication-reach';
import { NotificationType } from '@elo/contract/enums';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/raw-sql.ts';
import { placementOfAlias } from '../../db/person-columns.ts';
import { postAudienceSql, postViewersSql } from '../../db/post-reach.ts';
import {
  comments,
  gestures,
  notifications,
  postReadConfirmations,
  posts,
  postViews,
  reactions,
  savedPosts,
  users,
} from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';

/** What reach needs of a publication: who it is for and when it went out. */
export interface ReachTarget {
  id: number;
  companyId: number;
  onWall: boolean;
  authorId: number;
  requiresReading: boolean;
  publishAt: Date;
}

/** The time zone of the chart's days (the company's clock). */
const zone = 'America/Sao_Paulo';

/** The people a publication is measured against (db/post-reach.ts: never its author). */
export const audienceSql = (target: Pick<ReachTarget, 'id' | 'companyId' | 'onWall' | 'authorId'>): SQL =>
  postAudienceSql(target);

/** The publication (not deleted) of the company, with what reach is computed from. */
export async function findReachTarget(db: Database, companyId: number, postId: number) {
  const [row] = await selectRows<{
    id: number;
    on_wall: boolean;
    author_id: number;
    requires_reading: boolean;
    publish_at: Date | string;
  }>(
    db,
    sql`select p.id, p.on_wall, p.author_id, p.requires_reading, p.publish_at from ${posts} p
      where p.id = ${postId} and p.company_id = ${companyId} and p.is_publication and p.deleted_at is null`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    companyId,
    onWall: row.on_wall,
    authorId: row.author_id,
    requiresReading: row.requires_reading,
    publishAt: new Date(row.publish_at),
  } satisfies ReachTarget;
}

const gestureTabs = ['curtir', 'amei', 'parabens', 'genial'] as const;

/**
 * A publication's figures: each tab's count, and its audience and what it did. Viewed, confirmed
 * and pending are people of the audience (viewed + never viewed = confirmed + pending = audience).
 */
export interface ReachCounts {
  /** Each tab's count (confirmed and pending counted for any publication). */
  tabs: Record<InteractionTab, number>;
  /** People the publication is for (its population: never its author). */
  audience: number;
  reactions: number;
  /** Comments not hidden by a moderator. */
  visibleComments: number;
}

/** Each tab's count and the reach figures of a publication, in one statement. */
export async function countReach(db: Database, target: ReachTarget): Promise<ReachCounts> {
  const gestureCounts = gestureTabs.map(
    (code) =>
      sql`(select count(*)::int from ${reactions} r join ${gestures} g on g.id = r.gesture_id
        where r.post_id = ${target.id} and g.code = ${code}) as ${sql.identifier(code)}`,
  );
  const [row] = await selectRows<Record<string, number>>(
    db,
    sql`with audience as (${audienceSql(target)}), viewers as (${postViewersSql(target)})
      select
        (select count(*)::int from ${comments} c where c.post_id = ${target.id} and c.deleted_at is null) as comentarios,
        (select count(*)::int from ${comments} c where c.post_id = ${target.id} and c.deleted_at is null
          and c.hidden_at is null) as visible_comments,
        ${sql.join(gestureCounts, sql`, `)},
        (select count(*)::int from ${reactions} r where r.post_id = ${target.id}) as reactions,
        (select count(*)::int from ${savedPosts} s where s.post_id = ${target.id}) as salvos,
        (select count(*)::int from viewers) as visualizaram,
        (select count(*)::int from audience a where exists (select 1 from ${postReadConfirmations} rc
          where rc.post_id = ${target.id} and rc.user_id = a.id)) as confirmaram,
        (select count(*)::int from audience) as audience,
        (select count(*)::int from audience a where not exists (select 1 from ${postReadConfirmations} rc
          where rc.post_id = ${target.id} and rc.user_id = a.id)) as pendentes`,
  );
  const { audience, reactions: reactionCount, visible_comments, ...tabs } = row!;
  return {
    tabs: tabs as Record<InteractionTab, number>,
    audience: audience!,
    reactions: reactionCount!,
    visibleComments: visible_comments!,
  };
}

/**
 * The audience's first views per day over the 7 days from the publication's day
 * (America/Sao_Paulo), every day listed (0 when none): the viewers counted beside it, each once.
 */
export async function viewsPerDay(
  db: Database,
  target: ReachTarget,
  days: number,
): Promise<{ day: string; views: number }[]> {
  const rows = await selectRows<{ day: string; views: number }>(
    db,
    sql`with first_day as (select (${target.publishAt.toISOString()}::timestamptz at time zone ${zone})::date as day)
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(v.total, 0)::int as views
      from (select (select day from first_day) + n as day from generate_series(0, ${days - 1}) n) d
      left join (select (seen_at at time zone ${zone})::date as day, count(*) as total
        from (${postViewersSql(target)}) pv group by 1) v on v.day = d.day
      order by d.day`,
  );
  return rows.map((row) => ({ day: row.day, views: Number(row.views) }));
}

/** One row of a tab: the person, when, and the comment on the comments tab. */
export interface InteractionRow {
  user_id: number;
  name: string;
  photo: string | null;
  sector: string | null;
  at: Date | string | null;
  comment_id: number | null;
  comment_text: string | null;
  comment_hidden: boolean | null;
}

const person = sql`u.id as user_id, u.name, u.photo_key as photo, ${placementOfAlias('u', 'sector_id')} as sector`;
const noComment = sql`null::int as comment_id, null::text as comment_text, null::boolean as comment_hidden`;

/** The rows of a tab, newest first (the pending tab by name), as one statement without paging. */
function tabSql(target: ReachTarget, tab: InteractionTab): SQL {
  const id = target.id;
  switch (tab) {
    case 'comentarios':
      return sql`select ${person}, c.created_at as at, c.id as comment_id, c.text as comment_text,
          (c.hidden_at is not null) as comment_hidden, c.id as tiebreak
        from ${comments} c join ${users} u on u.id = c.author_id
        where c.post_id = ${id} and c.deleted_at is null`;
    case 'curtir':
    case 'amei':
    case 'parabens':
    case 'genial':
      return sql`select ${person}, r.reacted_at as at, ${noComment}, u.id as tiebreak
        from ${reactions} r join ${gestures} g on g.id = r.gesture_id join ${users} u on u.id = r.user_id
        where r.post_id = ${id} and g.code = ${tab}`;
    case 'salvos':
      return sql`select ${person}, s.saved_at as at, ${noComment}, u.id as tiebreak
        from ${savedPosts} s join ${users} u on u.id = s.user_id where s.post_id = ${id}`;
    case 'visualizaram':
      return sql`select ${person}, pv.seen_at as at, ${noComment}, u.id as tiebreak
        from (${postViewersSql(target)}) pv join ${users} u on u.id = pv.user_id`;
    case 'confirmaram':
      return sql`select ${person}, rc.confirmed_at as at, ${noComment}, u.id as tiebreak
        from ${postReadConfirmations} rc join (${audienceSql(target)}) a on a.id = rc.user_id
        join ${users} u on u.id = rc.user_id where rc.post_id = ${id}`;
    case 'pendentes':
      // Only a mandatory reading has people pending.
      return sql`select ${person}, null::timestamptz as at, ${noComment}, u.id as tiebreak
        from (${audienceSql(target)}) a join ${users} u on u.id = a.id
        where ${target.requiresReading} and not exists (select 1 from ${postReadConfirmations} rc
          where rc.post_id = ${id} and rc.user_id = a.id)`;
  }
}

const tabOrder = (tab: InteractionTab) =>
  tab === 'pendentes' ? sql`order by name, tiebreak` : sql`order by at desc, tiebreak desc`;

/** A page of a tab and its total. */
export async function pageInteractions(
  db: Database,
  target: ReachTarget,
  tab: InteractionTab,
  page: { limit: number; offset: number },
) {
  const rows = tabSql(target, tab);
  const [list, [counted]] = await Promise.all([
    selectRows<InteractionRow>(
      db,
      sql`select * from (${rows}) t ${tabOrder(tab)} limit ${page.limit} offset ${page.offset}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from (${rows}) t`),
  ]);
  return { rows: list, total: counted?.total ?? 0 };
}

/** Records views of the posts the person may see, once per person and post; others are ignored. */
export async function insertViews(
  db: Database,
  scope: TenantScope,
  postIds: number[],
  visible: SQL,
): Promise<void> {
  await db.execute(
    sql`insert into ${postViews} (company_id, post_id, user_id)
      select p.company_id, p.id, ${scope.userId} from ${posts} p
      where p.id = any(${sql.param(postIds)}::int[]) and p.company_id = ${scope.companyId}
        and p.status = 'published' and ${visible}
      on conflict (post_id, user_id) do nothing`,
  );
}

/**
 * Confirms the person's reading of a mandatory publication they may see (a second time changes
 * nothing), and records their view of it in the same transaction: confirming is reading it. False
 * when there is no such publication for them.
 */
export async function insertConfirmation(
  db: Database,
  scope: TenantScope,
  postId: number,
  visible: SQL,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`select p.id from ${posts} p
        where p.id = ${postId} and p.company_id = ${scope.companyId} and p.requires_reading
          and p.status = 'published' and ${visible}`,
    );
    if (!row) return false;
    await tx
      .insert(postReadConfirmations)
      .values({ companyId: scope.companyId, postId, userId: scope.userId })
      .onConflictDoNothing();
    await tx
      .insert(postViews)
      .values({ companyId: scope.companyId, postId, userId: scope.userId })
      .onConflictDoNothing();
    return true;
  });
}

/** A publication's link in the portal, as notifications carry it. */
export const postLink = (postId: number) => `/painel/publicacao/${postId}`;

/** The mandatory readings that may remind people now: published, due, before their deadline. */
export async function listRemindablePublications(db: Database) {
  return selectRows<{
    id: number;
    company_id: number;
    on_wall: boolean;
    author_id: number;
    text: string | null;
    reading_deadline: Date | string | null;
    reading_reminder_days: number;
  }>(
    db,
    sql`select p.id, p.company_id, p.on_wall, p.author_id, p.text, p.reading_deadline, p.reading_reminder_days
      from ${posts} p
      where p.requires_reading and p.reading_reminder_days is not null and p.status = 'published'
        and p.deleted_at is null and p.hidden_at is null and p.publish_at <= now()
        and p.publish_at + make_interval(days => p.reading_reminder_days) <= now()
        and (p.reading_deadline is null or p.reading_deadline > now())`,
  );
}

/**
 * The people of a publication's audience due a reminder: no confirmation, and no reminder of it
 * within the last `days` days.
 */
export async function listDueReminders(
  db: Database,
  post: {
    id: number;
    company_id: number;
    on_wall: boolean;
    author_id: number;
    reading_reminder_days: number;
  },
) {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select a.id from (${audienceSql({ id: post.id, companyId: post.company_id, onWall: post.on_wall, authorId: post.author_id })}) a
      where not exists (select 1 from ${postReadConfirmations} rc where rc.post_id = ${post.id} and rc.user_id = a.id)
        and not exists (select 1 from ${notifications} n where n.user_id = a.id
          and n.type = ${NotificationType.readingReminder} and n.link = ${postLink(post.id)}
          and n.created_at > now() - make_interval(days => ${post.reading_reminder_days}))`,
  );
  return rows.map((row) => row.id);
}
