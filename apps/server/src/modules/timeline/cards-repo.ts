import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { placementOfAlias } from '../../db/person-columns.ts';
import {
  comments,
  groups,
  pollOptions,
  pollVotes,
  postGroups,
  postMedia,
  posts,
  reactions,
  users,
} from '../../db/schema/all.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { Card, CardPerson, PostComment } from './card.ts';

/** A person as the card statement gives them (a post's author or a comment's). */
export interface PersonColumns {
  author_id: number;
  author_name: string;
  author_photo: string | null;
  author_job: string | null;
  author_sector: string | null;
}

/** A comment with its author: from the card query's JSON the date is text, from a select a Date. */
export interface CommentColumns extends PersonColumns {
  id: number;
  text: string;
  created_at: string | Date;
}

/**
 * One card as the statement gives it: the post with everything every viewer sees of it, in one
 * row. What differs per viewer (their reaction, vote, save) comes with the page instead, so a card
 * can be shared.
 */
export interface CardRow extends PersonColumns {
  id: number;
  version: number;
  type: number;
  text: string | null;
  background_color: string | null;
  allow_comments: boolean;
  youtube_id: string | null;
  publish_at: Date | string;
  status: string;
  on_wall: boolean;
  groups: { id: number; name: string; abbreviation: string }[] | null;
  media: {
    key: string;
    type: string;
    width: number | null;
    height: number | null;
    thumb: string | null;
  } | null;
  poll: { id: number; label: string; votes: number }[] | null;
  reactions: { gestureId: number; count: number }[] | null;
  comment_total: number;
  comments: CommentColumns[] | null;
  edited_at: Date | string | null;
  requires_reading: boolean;
  reading_deadline: Date | string | null;
}

/** The person of a row's author columns. */
export const personOf = (row: PersonColumns): CardPerson => ({
  id: row.author_id,
  name: row.author_name,
  photoKey: row.author_photo,
  jobTitle: row.author_job,
  sector: row.author_sector,
});

/** A comment of the card statement's JSON or of a select. */
export const commentOf = (row: CommentColumns): PostComment => ({
  id: row.id,
  text: row.text,
  createdAt: new Date(row.created_at),
  author: personOf(row),
});

/** The card of a row of the card statement (a benchmark's bare server maps its rows with it too). */
export function cardOf(row: CardRow): Card {
  return {
    id: row.id,
    version: row.version,
    type: row.type,
    text: row.text,
    backgroundColor: row.background_color,
    allowsComments: row.allow_comments,
    youtubeId: row.youtube_id,
    publishAt: new Date(row.publish_at),
    status: row.status,
    onWall: row.on_wall,
    author: personOf(row),
    groups: row.groups ?? [],
    media: row.media && {
      key: row.media.key,
      mimeType: row.media.type,
      width: row.media.width,
      height: row.media.height,
      thumbnailKey: row.media.thumb,
    },
    poll: row.poll,
    reactions: row.reactions ?? [],
    commentTotal: row.comment_total,
    comments: (row.comments ?? []).map(commentOf),
    edited: row.edited_at !== null,
    requiresReading: row.requires_reading,
    readingDeadline: row.reading_deadline === null ? null : new Date(row.reading_deadline),
  };
}

/**
 * The cards of these posts of the company: the post, its author, groups, media, poll with its
 * votes, reaction counts, the comment total and the newest comments. One statement, its parts
 * built as JSON by the database, so any number of cards costs one round trip.
 */
export async function loadCards(
  db: Database,
  scope: TenantScope,
  postIds: number[],
  commentsPerPost: number,
  /** The administration's timeline (moderation) sees hidden comments too; employees never do. */
  options: { includeHidden?: boolean } = {},
): Promise<Card[]> {
  if (postIds.length === 0) return [];
  const rows = (
    (await db.execute(cardsSql(scope, postIds, commentsPerPost, options))) as unknown as {
      rows: CardRow[];
    }
  ).rows;
  return rows.map(cardOf);
}

/** The statement of `loadCards` (a benchmark's bare server runs it too). */
export function cardsSql(
  scope: TenantScope,
  postIds: number[],
  commentsPerPost: number,
  options: { includeHidden?: boolean } = {},
): SQL {
  const shownComment = options.includeHidden ? sql`true` : sql`c.hidden_at is null`;
  return sql`
    select p.id, p.version, p.type, p.text, p.background_color, p.allow_comments, p.youtube_id,
      p.publish_at, p.status, p.on_wall, p.edited_at, p.requires_reading, p.reading_deadline,
      u.id as author_id, u.name as author_name, u.photo_key as author_photo,
      ${placementOfAlias('u', 'job_title_id')} as author_job, ${placementOfAlias('u', 'sector_id')} as author_sector,
      (select json_agg(json_build_object('id', g.id, 'name', g.name, 'abbreviation', g.abbreviation) order by g.name)
        from ${postGroups} x join ${groups} g on g.id = x.group_id
        where x.post_id = p.id) as groups,
      (select json_build_object('key', m.storage_key, 'type', m.mime_type, 'width', m.width,
          'height', m.height, 'thumb', m.thumbnail_key)
        from ${postMedia} m where m.post_id = p.id order by m.id limit 1) as media,
      (select json_agg(json_build_object('id', o.id, 'label', o.label, 'votes', coalesce(v.total, 0)) order by o.position)
        from ${pollOptions} o
        left join (select option_id, count(*)::int as total from ${pollVotes}
          where post_id = p.id group by option_id) v on v.option_id = o.id
        where o.post_id = p.id) as poll,
      (select json_agg(json_build_object('gestureId', r.gesture_id, 'count', r.total) order by r.gesture_id)
        from (select gesture_id, count(*)::int as total from ${reactions}
          where post_id = p.id group by gesture_id) r) as reactions,
      (select count(*)::int from ${comments} c where c.post_id = p.id and c.deleted_at is null and ${shownComment}) as comment_total,
      (select json_agg(latest order by latest.created_at desc, latest.id desc)
        from (select c.id, c.text, c.created_at, a.id as author_id, a.name as author_name,
            a.photo_key as author_photo, ${placementOfAlias('a', 'job_title_id')} as author_job,
            ${placementOfAlias('a', 'sector_id')} as author_sector
          from ${comments} c join ${users} a on a.id = c.author_id
          where c.post_id = p.id and c.deleted_at is null and ${shownComment}
          order by c.created_at desc, c.id desc limit ${commentsPerPost}) latest) as comments
    from ${posts} p
    join ${users} u on u.id = p.author_id
    where p.id = any(${sql.param(postIds)}::int[]) and p.company_id = ${scope.companyId}`;
}
