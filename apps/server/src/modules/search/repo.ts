import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { searchLimits, searchTypes, type SearchKind } from '@elo/contract/calls/search';
import type { Database } from '../../db/client.ts';
import { isEmbedded, preparedStatement } from '../../db/prepared.ts';
import { selectRows } from '../../db/raw-sql.ts';
import {
  announcements,
  catalogItems,
  chatMembers,
  chatMessages,
  chatRooms,
  hrTicketMessages,
  hrTickets,
  posts,
  surveys,
  users,
} from '../../db/schema/all.ts';
import { rowsOf } from '../../platform/paging.ts';
import type { TenantScope } from '../../platform/tenancy.ts';
import type { SearchQuery, VisibilityRules } from './model.ts';
import type { LexemeStats, QueryLexeme, SearchedTable } from './rarity.ts';

/*
 * The search's SQL (docs/search.md). The index is migration 0033's: a generated `search_vector`
 * column on each searched table (written by the same statement as the content, so in its
 * transaction, on PostgreSQL and PGlite alike), GIN-indexed, and a trigram index on people's
 * folded names. The columns are not in the Drizzle schema, so ordinary selects never fetch them.
 */

/**
 * Relevance times recency: a match of today counts fully, one of three months ago half. Ranks of
 * text (ts_rank, about 0.06 to 0.6) and of names (word similarity, 0.6 to 1) are near enough to
 * share one order.
 */
const scoreOf = (relevance: SQL, at: SQL) =>
  sql`(${relevance}) / (1 + greatest(extract(epoch from now() - ${at}), 0) / 7776000.0)`;

/**
 * The most items of one kind a search counts and ranks (`searchLimits.countMax`): past it the
 * count is this ceiling and only the newest this many are ranked, so a common word costs about
 * what a word of this many matches does (docs/performance.md).
 */
const countMax = searchLimits.countMax;
/**
 * The ceiling as a constant of the statement's text, not a parameter: the pool asks for generic
 * plans, and a plan made without knowing its limit would sort every match instead of stopping.
 */
const countLimit = sql.raw(String(Math.trunc(countMax)));

/**
 * The query of what was typed, as the statement's first CTE `q` holds it: read through a subquery,
 * it is computed once per run (a function of a parameter in a generic plan would be computed for
 * every row), and an index can still be asked for it.
 */
const askedQuery = sql`(select q.query from q)`;
/**
 * The same query for the posts' search index (`elo_search_posts_query`, migrations 0036 and 0038): the
 * last word's prefix read as the few lexemes of the company's lexicon it starts with, asked for
 * exactly, so the index never gathers a prefix's items into a bitmap first. The same posts match
 * it. `q` also keeps its template (`posts_template`), which a week put in makes the query of that
 * week's posts for the week index (migration 0037).
 */
const postsIndexQuery = sql`(select q.posts_query from q)`;

/**
 * The page statement's values, each a placeholder: the statement is built once per shape (by rare
 * words) and rules, its text kept, and only these are given at each run (`pageValues`). Building
 * its text from Drizzle's pieces took a millisecond of Node's time every search.
 */
const slots = {
  /** The person, as the rules take them: their ids are placeholders too. */
  scope: {
    companyId: sql.placeholder('companyId'),
    userId: sql.placeholder('userId'),
  } as unknown as TenantScope,
  words: sql`${sql.placeholder('words')}::text[]`,
  template: sql`${sql.placeholder('template')}::text`,
  folded: sql`${sql.placeholder('folded')}::text`,
  patterns: sql`${sql.placeholder('patterns')}::text[]`,
  longest: sql`${sql.placeholder('longest')}::text`,
  protocol: sql`${sql.placeholder('protocol')}::text`,
  kinds: sql`${sql.placeholder('kinds')}::text[]`,
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};
type PageValues = Record<Exclude<keyof typeof slots, 'scope'> | keyof TenantScope, unknown>;

/** The values of the page statement's placeholders for a search. */
function pageValues(scope: TenantScope, query: SearchQuery, template: string): PageValues {
  const { words, folded } = query.terms;
  const { limit, offset } = rowsOf(query.page);
  // Every word inside the folded name: the longest word's `like`, which the trigram index serves,
  // and all the words' as a check of what it finds (`matchesSql`).
  const patterns = folded.split(' ').map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);
  return {
    companyId: scope.companyId,
    userId: scope.userId,
    words,
    template,
    folded,
    patterns,
    longest: patterns.reduce((best, pattern) => (pattern.length > best.length ? pattern : best)),
    protocol: words.join(' '),
    // Every kind when none is asked for: the same shape either way.
    kinds: query.kinds.length ? query.kinds : searchTypes,
    limit,
    offset,
  };
}

/**
 * The posts' walk (docs/performance.md, "Session 18"): the company's newest `countMax` × 20 posts,
 * each checked. A word in one post in twenty fills the ceiling there; walked in order, a post costs
 * about half a microsecond, far less than a match fetched from an index.
 */
export const postWalk = Math.trunc(countMax) * 20;
/**
 * How many weeks before the walk's last post the week index (`posts_period_search_idx`, migration
 * 0037) is read, a week at a time: thirteen, a quarter, when a match counts half (`scoreOf`).
 */
export const recentWeeks = 13;

/**
 * The posts (not publications) the person may see that match, at most `countMax`, newest first,
 * in three passes that do not depend on the planner's estimate (which takes words typed together
 * as independent, and so once sorted 50,000 matches of a phrase it thought rare):
 * 1. the company's newest `postWalk` posts, walked newest first through `posts_search_recent_idx`
 *    and each checked: a common word fills the ceiling here and no search index is read;
 * 2. only if that found fewer than `countMax`, the matches of the weeks before, newest week first,
 *    from the week index (each post's lexemes as its week's own: migration 0037), as many weeks as
 *    it takes, `recentWeeks` at most: a week's matches cost that week's entries of each word, so
 *    two common words seldom found together cost what their few matches do (walked, a hundred
 *    matches of one post in 350 took 35,000 posts);
 * 3. only if still fewer, the older matches from the search index, sorted: words this sparse
 *    among the newest posts have few (the boundary, the oldest week's start, is written
 *    `not … >=` so that PostgreSQL does not also read the date index for it; no id is below 0).
 * A word rare in all the posts (`rare`, from the statistics: search/rarity.ts) skips the walk and
 * the weeks. The weeks are read in a nested loop under a limit: the series of weeks newest first,
 * each week's matches sorted newest first, and the limit stops the loop once enough are found (an
 * `order by` over them would read every week to sort them again).
 */
function postMatchesSql(rules: VisibilityRules, rare: boolean): SQL {
  const { scope } = slots;
  const visible = sql`not p.is_publication and ${rules.post(scope)}`;
  // Walked, each post is checked against the query as typed; read from an index, asked for exactly.
  const kept = sql`p.search_vector @@ ${askedQuery} and ${visible}`;
  const indexed = sql`p.search_vector @@ ${postsIndexQuery}`;
  const company = sql`p.company_id = ${scope.companyId} and p.deleted_at is null`;
  const newest = sql`order by p.publish_at desc, p.id desc`;
  /**
   * Matches read from an index, sorted newest first, then checked by the rule in that order until
   * `limit` pass: the rule (the person's groups) is checked for the few taken, not for every match
   * of a common word's week (600 in the benchmark's, for 8 taken). The `offset 0` fences keep the
   * rule out of the sort's input.
   */
  const newestVisible = (matches: SQL, limit: SQL) => sql`select p.id, p.publish_at, p.search_vector from (
      select p.* from (${matches}) p ${newest} offset 0) p
    where ${visible} limit ${limit}`;
  // Fewer matches in all than the walk would read: the search index's. The inner `offset 0` keeps
  // the generic plan, which does not know the words, from walking the date index instead.
  if (rare)
    return newestVisible(
      sql`select p.* from ${posts} p where ${company} and ${indexed} offset 0`,
      countLimit,
    );
  const walkFound = sql`(select count(*) from first_walk)`;
  const found = sql`${walkFound} + (select count(*) from recent_weeks)`;
  const week = sql`public.elo_search_period(w.publish_at)`;
  const oldestWeek = sql`${week} - ${sql.raw(String(recentWeeks - 1))}`;
  return sql`with first_walk as materialized (
      select p.id, p.publish_at, p.search_vector from (
        select p.* from ${posts} p where ${company} ${newest} limit ${sql.raw(String(postWalk))}) p
      where ${kept} ${newest} limit ${countLimit}),
    walked as materialized (
      select p.publish_at, p.id from ${posts} p where ${company} ${newest}
      offset ${sql.raw(String(postWalk - 1))} limit 1),
    recent_weeks as materialized (
      select m.id, m.publish_at, m.search_vector
      from walked w
      cross join lateral generate_series(${week}, ${oldestWeek}, -1) period
      cross join lateral (${newestVisible(
        sql`select p.* from ${posts} p
        where public.elo_search_in_period(p.publish_at, p.search_vector)
            @@ public.elo_search_template_query((select q.posts_template from q), period::text || ' ')
          and ${company} and not (p.publish_at, p.id) >= (w.publish_at, w.id)`,
        countLimit,
      )}) m
      where ${walkFound} < ${countLimit}
      limit ${countLimit} - ${walkFound})
    select id, publish_at, search_vector from first_walk
    union all
    select id, publish_at, search_vector from recent_weeks
    union all
    (${newestVisible(
      sql`select p.* from ${posts} p, walked w
      where ${found} < ${countLimit} and ${company} and ${indexed}
        and not (p.publish_at, p.id) >= (public.elo_search_period_start(${oldestWeek}), 0)
      offset 0`,
      sql`${countLimit} - (${found})`,
    )})`;
}

/**
 * How many of the portal's newest messages the chat's first pass reads (`countMax` × 400): of a
 * person in one room in twenty, some 2,000 of their own (docs/performance.md, "Session 18"); and
 * how many of them first (`countMax` × 100, a quarter), the rest only when the first quarter's rate
 * of matches would fill the ceiling.
 */
export const recentMessageWindows = { first: Math.trunc(countMax) * 100, all: Math.trunc(countMax) * 400 };
export const recentMessageCount = recentMessageWindows.all;

/**
 * The messages the person may find that match, at most `countMax`, newest first, in three passes:
 * 1. their messages among the portal's newest `recentMessageWindows.first`, read through the room
 *    index (room, id) and each checked by the chat's rule: a word common in their rooms fills the
 *    ceiling here;
 * 2. only if that found fewer, but at least a quarter of the ceiling (at its rate, the whole window
 *    would fill it), the rest of the portal's newest `recentMessageWindows.all` the same way: a word
 *    their rooms lack (the usual case) skips three quarters of the walk;
 * 3. only if still fewer, the older ones from the chat's search index of each room's words
 *    (migration 0034), asked for their rooms only: a word common in other rooms costs nothing here.
 * A word rare in all the messages (`rare`: search/rarity.ts) goes to the third pass at once.
 */
function messageMatchesSql(rules: VisibilityRules, rare: boolean, embedded: boolean): SQL {
  const { scope } = slots;
  // The rules are written on the table itself (`chat_messages`), so no alias here.
  const vector = sql.raw('"chat_messages"."search_vector"');
  const row = sql`${chatMessages.id} as id, ${chatMessages.createdAt} as created_at, ${vector} as search_vector`;
  /**
   * The person's messages the rooms' index finds (`older`: only those before the walks'), each
   * then read by its id and checked by the chat's rule. The index is asked for each room apart,
   * with that room's query (made from the words' template, migration 0038). The index's matches are
   * taken first, as an array: else PostgreSQL also reads the room index for every message of the
   * person's rooms (the rule's condition) to combine with them, 37 ms for Maria's 50,522 when the
   * rooms' index found none.
   */
  const fromRooms = (older: SQL) => sql`select ${row} from ${chatMessages}
      where ${chatMessages.id} = any(array(
        select c.id from (select public.elo_search_template_query(${slots.template}, r.id::text || ' ') as query
          from unnest(${rules.messageRooms(scope)}) r(id)) rq
        cross join lateral (
          select c.id from ${chatMessages} c
          where public.elo_search_in_room(c.room_id, c.search_vector) @@ rq.query ${older}) c))
        and ${rules.message(scope)}`;
  // Fewer messages in all match than the first pass would read: the rooms' index only.
  if (rare) {
    return sql`select older.id, older.created_at, older.search_vector from (${fromRooms(sql``)}) older
      order by older.id desc limit ${countLimit}`;
  }
  const newest = sql`(select max(id) from ${chatMessages})`;
  const sinceFirst = sql`${newest} - ${sql.raw(String(recentMessageWindows.first))}`;
  const sinceAll = sql`${newest} - ${sql.raw(String(recentMessageWindows.all))}`;
  const firstFound = sql`(select count(*) from recent)`;
  const moreRuns = sql`${firstFound} < ${countLimit} and ${firstFound} * ${sql.raw(String(recentMessageWindows.all / recentMessageWindows.first))} >= ${countLimit}`;
  // The person's messages of a range of the newest, each checked. On PostgreSQL the room index
  // (room, id) is asked for all their rooms at once (one scan, a descent a room) and only their
  // messages of the range are read; the inner `offset 0` keeps the plan from walking the primary
  // key through every room's messages to meet the order. PGlite's plan of that walked the primary
  // key anyway (the portal's newest 10,000 for Maria's 500: its twelve terms took 160 ms against
  // 114): there each room is read apart through the room index, without a sort or limit a room.
  // A room at a time on PostgreSQL took 10.5 ms of its CPU a search at 20 at once against 7.5 to
  // 8.7 (docs/performance.md, "Session 21").
  const walk = (range: SQL) =>
    embedded
      ? sql`select m.id, m.created_at, m.search_vector
      from unnest(${rules.messageRooms(scope)}) r(id)
      cross join lateral (
        select ${row} from ${chatMessages}
        where ${chatMessages.roomId} = r.id and ${range} and ${vector} @@ ${askedQuery} and ${rules.message(scope)}) m`
      : sql`select m.id, m.created_at, m.search_vector from (
      select ${row} from ${chatMessages}
      where ${range} and ${vector} @@ ${askedQuery} and ${rules.message(scope)}
      offset 0) m`;
  return sql`with recent as materialized (
      ${walk(sql`${chatMessages.id} > ${sinceFirst}`)}
      order by m.id desc limit ${countLimit}),
    more_recent as materialized (
      ${walk(sql`${chatMessages.id} > ${sinceAll} and ${chatMessages.id} <= ${sinceFirst}`)}
      where ${moreRuns}
      order by m.id desc limit ${countLimit} - ${firstFound}),
    walked as materialized (
      select (select count(*) from recent) + (select count(*) from more_recent) as found,
        case when ${moreRuns} then ${sinceAll} else ${sinceFirst} end as boundary)
    select id, created_at, search_vector from recent
    union all
    select id, created_at, search_vector from more_recent
    union all
    (select older.id, older.created_at, older.search_vector from (
      ${fromRooms(sql`and (select w.found from walked w) < ${countLimit} and c.id + 0 <= (select w.boundary from walked w)`)}) older
    order by older.id desc
    limit ${countLimit} - (select w.found from walked w))`;
}

/**
 * The publications the person may see that match, their newest `countMax`. Publications are a
 * small part of the posts: walked newest first through an index of their own (`nulls last` as it
 * is ordered, though no date is null), each checked, until `countMax` match. The walk is fenced
 * (`offset 0`) so that the plan never reads the search index for them: PGlite's combined it with
 * the publications' index, reading every post's entries of a common word (2.4 ms for 'manutenção'
 * among 100,000 posts, for the demo's five publications).
 */
function publicationMatchesSql(rules: VisibilityRules): SQL {
  const { scope } = slots;
  return sql`select p.id, p.publish_at, p.search_vector from (
      select p.* from ${posts} p
      where p.company_id = ${scope.companyId} and p.deleted_at is null and p.is_publication
      order by p.publish_at desc nulls last, p.id desc nulls last offset 0) p
    where p.search_vector @@ ${askedQuery} and ${rules.post(scope)}
    order by p.publish_at desc nulls last, p.id desc nulls last limit ${countLimit}`;
}

/** Whether what was typed is rare in all the posts, in all the messages (search/rarity.ts). */
export interface Rarity {
  posts: boolean;
  messages: boolean;
}

/** Every kind's matches the person may see, at most `countMax` of each: kind, id, score and reference date. */
function matchesSql(
  rules: VisibilityRules,
  rare: Pick<Rarity, 'posts' | 'messages'>,
  embedded: boolean,
): SQL {
  const { scope, folded } = slots;
  // Every word inside the folded name: the longest word's `like`, which the trigram index serves,
  // and all the words' as a check of what it finds (an array of patterns is not served by the
  // index). One shape whatever the number of words, so the statement is prepared once for all.
  // The name folded (`elo_search_fold`) is the column `search_name` (migration 0036), trigram-indexed.
  const name = sql.raw('"users"."search_name"');
  const everyWord = sql`${name} like ${slots.longest} and ${name} like all(${slots.patterns})`;
  return sql`
    select 'POSTAGEM' as kind, p.id,
      ${scoreOf(sql`ts_rank(p.search_vector, q.query)`, sql`p.publish_at`)} as score, p.publish_at as at
    from (${postMatchesSql(rules, rare.posts)}) p, q
    union all
    select 'PUBLICACAO', p.id, ${scoreOf(sql`ts_rank(p.search_vector, q.query)`, sql`p.publish_at`)}, p.publish_at
    from (${publicationMatchesSql(rules)}) p, q
    union all
    (select 'PESSOA', ${users.id},
      word_similarity(${folded}, ${name}), ${users.createdAt}
    from ${users}
    where ((${everyWord}) or ${folded} <% ${name})
      and ${users.deletedAt} is null and ${rules.person(scope)}
    limit ${countLimit})
    union all
    select 'CONVERSA', m.id, ${scoreOf(sql`ts_rank(m.search_vector, q.query)`, sql`m.created_at`)}, m.created_at
    from (${messageMatchesSql(rules, rare.messages, embedded)}) m, q
    union all
    select 'COMUNICADO', ${announcements.id},
      ${scoreOf(sql`ts_rank(${sql.raw('"announcements"."search_vector"')}, q.query)`, sql`${announcements.startsAt}`)},
      ${announcements.startsAt}
    from ${announcements}, q
    where ${sql.raw('"announcements"."search_vector"')} @@ q.query and ${rules.announcement(scope)}
    union all
    select 'PESQUISA', ${surveys.id},
      ${scoreOf(sql`ts_rank(${sql.raw('"surveys"."search_vector"')}, q.query)`, sql`${surveys.startsAt}`)},
      ${surveys.startsAt}
    from ${surveys}, q
    where ${sql.raw('"surveys"."search_vector"')} @@ q.query and ${rules.survey(scope)}
    union all
    select 'CHAMADO', t.id::int,
      ${scoreOf(sql`coalesce(best.rank, 0.5)`, sql`t.last_message_at`)}, t.last_message_at
    from ${hrTickets} t
    cross join q
    left join lateral (
      select max(ts_rank(m.search_vector, q.query)) as rank from ${hrTicketMessages} m
      where m.ticket_id = t.id and not m.internal and m.search_vector @@ q.query) best on true
    where ${rules.ticket(scope)}
      and (best.rank is not null or lower(t.protocol) = ${slots.protocol})`;
}

/**
 * The statement of a page of matches, what each shows (`detailSql`) and every kind's count, its
 * values placeholders (`slots`).
 */
function pageStatement(
  rules: VisibilityRules,
  rare: Pick<Rarity, 'posts' | 'messages'>,
  embedded: boolean,
): SQL {
  const { scope, words } = slots;
  return sql`with q as materialized (select public.elo_search_template_query(${slots.template}, '') as query, t.posts_template,
        public.elo_search_template_query(t.posts_template, '') as posts_query
        from (select public.elo_search_posts_template(${scope.companyId}, ${words}) as posts_template) t),
      found as materialized (${matchesSql(rules, rare, embedded)})
    select c.counts, page.kind, page.id, page.at, d.title, d.body, d.author, d.extra from
      (select json_object_agg(kind, n) as counts from (select kind, count(*) as n from found group by kind) k) c
      left join lateral (
        select f.kind, f.id, f.at from found f where f.kind = any(${slots.kinds})
        order by f.score desc, f.at desc, f.id desc limit ${slots.limit} offset ${slots.offset}) page on true
      left join lateral (${detailSql()}) d on true`;
}

type PageRow = PageItem & { counts: Record<string, number | string> | string | null };
/** Each rules' page statements, one a shape, built once (the module's rules live as long as it). */
type PageStatement = ReturnType<typeof preparedStatement<PageRow>>;
const pageStatements = new WeakMap<VisibilityRules, Map<string, PageStatement>>();

/** The page statement of a shape (by rare words, and the database), built the first time it is asked for. */
function pageStatementOf(db: Database, rules: VisibilityRules, rare: Rarity) {
  const embedded = isEmbedded(db);
  const shape = `${rare.posts ? 'rare' : 'walked'}_${rare.messages ? 'rare' : 'walked'}_${embedded ? 'pglite' : 'pg'}`;
  const byShape = pageStatements.get(rules) ?? new Map<string, PageStatement>();
  pageStatements.set(rules, byShape);
  let statement = byShape.get(shape);
  if (!statement) {
    const built = pageStatement(rules, rare, embedded);
    const text = new PgDialect().sqlToQuery(built).sql;
    // Named after its text: the same text, the same plan.
    statement = preparedStatement<PageRow>(
      `search_page_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`,
      built,
    );
    byShape.set(shape, statement);
  }
  return statement;
}

/**
 * The page statement as it runs for a search, its text and values (the benchmark's
 * explain-search.ts prepares it as the app does).
 */
export async function pageStatementFor(
  db: Database,
  scope: TenantScope,
  query: SearchQuery,
  rules: VisibilityRules,
  rare: Rarity,
) {
  const statement = pageStatementOf(db, rules, rare);
  const { template } = await findQueryWords(db, query.terms.words);
  return {
    name: statement.statementName,
    text: statement.text,
    params: fillPlaceholders(statement.params, pageValues(scope, query, template)),
  };
}

export interface MatchRow {
  kind: SearchKind;
  id: number;
  at: Date | string;
}

/**
 * One page of the matches of the kinds asked for, best first, with every kind's count (the
 * counts whatever kinds are asked for, so the filters can show theirs).
 */
export async function pageMatches(
  db: Database,
  scope: TenantScope,
  query: SearchQuery,
  rules: VisibilityRules,
  rare: Rarity,
): Promise<{ rows: PageItem[]; counts: Partial<Record<SearchKind, number>> }> {
  const { template } = await findQueryWords(db, query.terms.words);
  const rows = await pageStatementOf(db, rules, rare)(db, pageValues(scope, query, template));
  const raw = rows[0]?.counts ?? null;
  const parsed = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, number>) : (raw ?? {});
  const counts = Object.fromEntries(Object.entries(parsed).map(([kind, n]) => [kind, Number(n)]));
  return {
    rows: rows.filter((row) => row.kind !== null).map(({ counts: _counts, ...item }) => item),
    counts,
  };
}

/** An item of the page, with what it shows (`detailSql`). */
export interface PageItem extends MatchRow {
  title: string | null;
  body: string | null;
  author: string | null;
  /** Conversations: the room; tickets: the protocol (as text). */
  extra: string | null;
}

/**
 * What the page shows of an item of the page (`page.kind`, `page.id`): its title, its text, its
 * author; of a ticket, the newest message the person sees that matches, else its newest one. Read
 * in the page statement, each kind's part run only for an item of that kind (its condition on the
 * kind is known before the part runs): the page's items and what they show in one round trip.
 */
function detailSql(): SQL {
  const { companyId, userId } = slots.scope;
  const of = (kind: SearchKind) => sql`page.kind = ${kind}`;
  return sql`select null::text as title, p.text as body, u.name as author, null::text as extra
      from ${posts} p left join ${users} u on u.id = p.author_id
      where (${of('POSTAGEM')} or ${of('PUBLICACAO')}) and p.id = page.id and p.company_id = ${companyId}
    union all
    select u.name, concat_ws(' · ', jt.name, se.name), null, null
      from ${users} u
      left join ${catalogItems} jt on jt.id = u.job_title_id
      left join ${catalogItems} se on se.id = u.sector_id
      where ${of('PESSOA')} and u.id = page.id and u.company_id = ${companyId}
    union all
    select coalesce(r.name, (select o.name from ${chatMembers} cm join ${users} o on o.id = cm.user_id
          where cm.room_id = r.id and cm.user_id <> ${userId} order by cm.user_id limit 1)),
        m.text, u.name, r.id::text
      from ${chatMessages} m join ${chatRooms} r on r.id = m.room_id left join ${users} u on u.id = m.sender_id
      where ${of('CONVERSA')} and m.id = page.id and m.company_id = ${companyId}
    union all
    select null, a.description, null, a.link
      from ${announcements} a where ${of('COMUNICADO')} and a.id = page.id and a.company_id = ${companyId}
    union all
    select s.title, coalesce(nullif(s.description, ''), s.title), null, null
      from ${surveys} s where ${of('PESQUISA')} and s.id = page.id and s.company_id = ${companyId}
    union all
    select si.name, (select m.body from ${hrTicketMessages} m
          where m.ticket_id = t.id and not m.internal
          order by (m.search_vector @@ ${askedQuery}) desc, m.created_at desc, m.id desc
          limit 1),
        null, t.protocol
      from ${hrTickets} t join ${catalogItems} si on si.id = t.subject_id
      where ${of('CHAMADO')} and t.id = page.id and t.company_id = ${companyId}`;
}

/**
 * Which of the candidate words one of the lexemes finds: any one of them (the query needs every
 * word, which no single word of a text holds).
 */
const matchedWordsStatement = preparedStatement<{ word: string }>(
  'search_matched_words',
  sql`select w as word from unnest(${sql.placeholder('candidates')}::text[]) w
    where public.elo_search_vector(w) @@ (select pg_catalog.string_agg(pg_catalog.quote_literal(l.lexeme)
        || case when l.prefix then ':*' else '' end, ' | ')
      from unnest(${sql.placeholder('lexemes')}::text[], ${sql.placeholder('prefixes')}::boolean[]) l(lexeme, prefix))::tsquery`,
);

/** Which of these words (of the texts shown) one of the lexemes asked for finds, by the index's own rules. */
export async function findMatchedWords(
  db: Database,
  candidates: string[],
  lexemes: readonly QueryLexeme[],
): Promise<Set<string>> {
  if (candidates.length === 0 || lexemes.length === 0) return new Set();
  const rows = await matchedWordsStatement(db, {
    candidates,
    lexemes: lexemes.map((l) => l.lexeme),
    prefixes: lexemes.map((l) => l.prefix),
  });
  return new Set(rows.map((row) => row.word));
}

/** What ANALYZE keeps of the posts' and messages' search columns (search/rarity.ts reads it). */
export async function readLexemeStats(db: Database): Promise<Map<SearchedTable, LexemeStats>> {
  const rows = await selectRows<{
    table: SearchedTable;
    elems: string[];
    freqs: number[];
    rows: number;
    target: number;
  }>(
    db,
    sql`select s.tablename as table, s.most_common_elems::text::text[] as elems,
        s.most_common_elem_freqs::float8[] as freqs, c.reltuples::float8 as rows,
        current_setting('default_statistics_target')::int as target
      from pg_stats s join pg_class c on c.oid = to_regclass('public.' || s.tablename)
      where s.schemaname = 'public' and s.attname = 'search_vector'
        and s.tablename in ('posts', 'chat_messages') and s.most_common_elems is not null`,
  );
  return new Map(
    rows.map((row) => {
      const count = row.elems.length;
      // ANALYZE keeps up to ten times the statistics target of them. When it kept fewer, a lexeme
      // left out was too rare to keep: one row of the sample (300 times the target) at most.
      const rarest = count >= 10 * row.target ? Number(row.freqs[count]) : 1 / (300 * row.target);
      const common = new Map(row.elems.map((lexeme, index) => [lexeme, Number(row.freqs[index])]));
      return [row.table, { common, rarest, rows: Math.max(0, Number(row.rows)) }];
    }),
  );
}

/**
 * What the words ask for: their lexemes, and the template of their query (a mark before each
 * lexeme: `elo_search_words_template`, migration 0038), from which the page statement makes the
 * query and each room's query without stemming the words again.
 */
export interface QueryWords {
  lexemes: QueryLexeme[];
  template: string;
}

/** How many searches' words a database's cache keeps (`findQueryWords`). */
const lexemeCacheSize = 1_000;
const lexemeCaches = new WeakMap<Database, Map<string, Promise<QueryWords>>>();
const lexemesStatement = preparedStatement<{ lexemes: QueryLexeme[] | string; template: string }>(
  'search_lexemes',
  sql`select coalesce(json_agg(json_build_object('place', l.place, 'lexeme', l.lexeme, 'prefix', l.prefix)), '[]') as lexemes,
      public.elo_search_words_template(${sql.placeholder('words')}::text[]) as template
    from public.elo_search_lexemes(${sql.placeholder('words')}::text[]) l`,
);

/**
 * The lexemes and template a search asks for, by the database's own stemmer: a function of the
 * words alone (the text search configuration changes only with a migration, and so with a new
 * process), so the last thousand asked are kept, the oldest dropped first. People typing ask for
 * the same words over and over (each suggestion, then the results page).
 */
export function findQueryWords(db: Database, words: string[]): Promise<QueryWords> {
  const cache = lexemeCaches.get(db) ?? new Map<string, Promise<QueryWords>>();
  lexemeCaches.set(db, cache);
  const key = words.join(' ');
  const kept = cache.get(key);
  if (kept) return kept;
  const asked = lexemesStatement(db, { words })
    .then(([row]) => ({
      // PGlite answers json as text.
      lexemes: (typeof row!.lexemes === 'string' ? JSON.parse(row!.lexemes) : row!.lexemes) as QueryLexeme[],
      template: row!.template,
    }))
    .catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
  if (cache.size >= lexemeCacheSize) cache.delete(cache.keys().next().value!);
  cache.set(key, asked);
  return asked;
}
