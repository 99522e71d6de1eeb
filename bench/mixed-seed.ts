/**
 * The company of the mixed-load benchmark, made by SQL in bulk on top of the demo seed: `people`
 * people of the demo company (`carga.<n>@bench.elo`, the demo password `Demo@1234`, whose hash is
 * computed once by the demo seed and copied), in 50 groups of the timeline, with every employee
 * permission; their chat rooms (chat-seed.ts: rooms of two and of 50); 100,000 posts with
 * 1,000,000 reactions (timeline-seed.ts); 1,000,000 chat messages over those rooms, each member
 * with a few unread; five open surveys of five questions to the 50 groups; 20 notifications a
 * person, half unread. Idempotent: each part is made only when it is missing, so a kept PGlite
 * folder or PostgreSQL database is filled once.
 */
import { sql } from 'drizzle-orm';
import { NotificationType, Permission } from '@elo/contract/enums';
import type { Database } from '../apps/server/src/db/client.ts';
import { seedChatLoad } from './chat-seed.ts';
import { seedTimelineLoad } from './timeline-seed.ts';

export interface MixedSeedOptions {
  people: number;
  groups: number;
  posts: number;
  reactionsPerPost: number;
  chatMessages: number;
  surveys: number;
  questionsPerSurvey: number;
  notificationsPerPerson: number;
}

export const defaultMixedSeed: MixedSeedOptions = {
  people: 5_000,
  groups: 50,
  posts: 100_000,
  reactionsPerPost: 10,
  chatMessages: 1_000_000,
  surveys: 5,
  questionsPerSurvey: 5,
  notificationsPerPerson: 20,
};

/** A simulated person: how they sign in and the rooms they chat in. */
export interface MixedPerson {
  n: number;
  userId: number;
  login: string;
  pairRoomId: number;
  groupRoomId: number | null;
}

export interface MixedSurvey {
  id: number;
  questions: { id: number; options: number[] }[];
}

export interface MixedLoad {
  people: MixedPerson[];
  surveys: MixedSurvey[];
}

export const mixedPassword = 'Demo@1234';

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;
const count = async (db: Database, query: ReturnType<typeof sql>) =>
  Number((await rows<{ total: number }>(db, query))[0]!.total);

/** Fills what is missing; logs each part it makes with its time. */
export async function seedMixedLoad(
  db: Database,
  options: MixedSeedOptions = defaultMixedSeed,
  log: (line: string) => void = console.log,
): Promise<void> {
  const step = async (name: string, missing: boolean, run: () => Promise<unknown>) => {
    if (!missing) return;
    const started = Date.now();
    await run();
    log(`seed: ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const [company] = await rows<{ id: number }>(
    db,
    sql`select id from companies where name = 'Elo Demonstração'`,
  );
  const companyId = company!.id;
  const loadPeople = sql`select id from users where email like 'carga.%@bench.elo'`;

  await step(
    `${options.people} people with their chat rooms`,
    (await count(db, sql`select count(*)::int as total from (${loadPeople}) p`)) === 0,
    async () => {
      await seedChatLoad(db, options.people);
      // seedChatLoad grants the chat; the timeline's composer and the surveys too.
      await db.execute(sql`
        insert into user_permissions (company_id, user_id, permission)
        select ${companyId}, p.id, unnest(array[${Permission.publishTimeline}, ${Permission.surveys}])
        from (${loadPeople}) p
        on conflict do nothing`);
    },
  );

  await step(
    `${options.groups} groups`,
    (await count(db, sql`select count(*)::int as total from groups where name like 'Grupo de carga %'`)) ===
      0,
    async () => {
      await db.execute(sql`
        insert into groups (company_id, name, abbreviation)
        select ${companyId}, 'Grupo de carga ' || g, 'GC' || g
        from generate_series(1, ${options.groups}) as g`);
      // Person n is in group (n mod groups) + 1, and may post there.
      await db.execute(sql`
        insert into group_members (company_id, group_id, user_id, can_post)
        select ${companyId}, g.id, u.id, true
        from users u
        join groups g on g.company_id = ${companyId}
          and g.name = 'Grupo de carga ' || (1 + substring(u.email from 'carga\\.(\\d+)@')::int % ${options.groups})
        where u.email like 'carga.%@bench.elo'`);
    },
  );

  await step(
    `${options.posts} posts and ${options.posts * options.reactionsPerPost} reactions`,
    (await count(
      db,
      sql`select count(*)::int as total from posts where text like 'Publicação de carga%'`,
    )) === 0,
    () => seedTimelineLoad(db, { posts: options.posts, reactionsPerPost: options.reactionsPerPost }),
  );

  await step(
    `${options.chatMessages} chat messages`,
    (await count(
      db,
      sql`select count(*)::int as total from (select 1 from chat_messages where client_id like 'carga-%' limit 1) m`,
    )) === 0,
    async () => {
      // Round robin over the load's rooms (a pair's two people take turns; a group's creator speaks).
      await db.execute(sql`
        with rooms as (
          select array_agg(r.id order by r.id) as ids,
                 array_agg(coalesce(r.pair_low_id, r.creator_id) order by r.id) as a,
                 array_agg(coalesce(r.pair_high_id, r.creator_id) order by r.id) as b,
                 count(*)::int as n
          from chat_rooms r
          where r.company_id = ${companyId}
            and exists (select 1 from chat_members m where m.room_id = r.id and m.user_id in (${loadPeople})))
        insert into chat_messages (company_id, room_id, sender_id, client_id, text, created_at)
        select ${companyId}, rooms.ids[1 + i % rooms.n],
               case when (i / rooms.n) % 2 = 0 then rooms.a[1 + i % rooms.n] else rooms.b[1 + i % rooms.n] end,
               'carga-' || i, 'Mensagem de carga nº ' || i,
               now() - make_interval(secs => ${options.chatMessages} - i)
        from generate_series(1, ${options.chatMessages}) as i, rooms`);
      await db.execute(sql`
        update chat_rooms r set last_message_id = x.last_id, last_activity_at = x.last_at
        from (select room_id, max(id) as last_id, max(created_at) as last_at
              from chat_messages where client_id like 'carga-%' group by room_id) x
        where r.id = x.room_id`);
      // Every member has read all but their room's last five messages.
      await db.execute(sql`
        update chat_members m set last_read_message_id = coalesce(
          (select id from chat_messages c where c.room_id = m.room_id order by id desc offset 5 limit 1), 0)
        where m.user_id in (${loadPeople})`);
    },
  );

  await step(
    `${options.surveys} surveys of ${options.questionsPerSurvey} questions`,
    (await count(
      db,
      sql`select count(*)::int as total from surveys where title like 'Pesquisa de carga %'`,
    )) === 0,
    async () => {
      const [creator] = await rows<{ id: number }>(
        db,
        sql`select id from users where email = 'admin@demo.elo' and company_id = ${companyId}`,
      );
      await db.execute(sql`
        insert into surveys (company_id, title, main_color, background_color, starts_at, ends_at,
                             one_answer_per_user, status, created_by)
        select ${companyId}, 'Pesquisa de carga ' || s, '#1d4ed8', '#f8fafc', now() - interval '1 day',
               now() + interval '365 days', true, 'published', ${creator!.id}
        from generate_series(1, ${options.surveys}) as s`);
      await db.execute(sql`
        insert into survey_groups (company_id, survey_id, group_id)
        select ${companyId}, s.id, g.id from surveys s, groups g
        where s.title like 'Pesquisa de carga %' and g.name like 'Grupo de carga %'`);
      // Type 2: multiple choice, four options.
      await db.execute(sql`
        insert into survey_questions (company_id, survey_id, position, title, type)
        select ${companyId}, s.id, q, 'Pergunta ' || q, 2
        from surveys s, generate_series(1, ${options.questionsPerSurvey}) as q
        where s.title like 'Pesquisa de carga %'`);
      await db.execute(sql`
        insert into survey_options (company_id, question_id, position, label)
        select ${companyId}, q.id, o, 'Opção ' || o
        from survey_questions q join surveys s on s.id = q.survey_id, generate_series(1, 4) as o
        where s.title like 'Pesquisa de carga %'`);
    },
  );

  await step(
    `${options.notificationsPerPerson} notifications a person`,
    (await count(
      db,
      sql`select count(*)::int as total from (select 1 from notifications where title = 'Aviso de carga' limit 1) n`,
    )) === 0,
    () =>
      db.execute(sql`
        insert into notifications (company_id, user_id, type, title, body, link, read_at, created_at)
        select ${companyId}, p.id, ${NotificationType.postComment}, 'Aviso de carga', 'Comentário nº ' || k,
               '/painel', case when k % 2 = 0 then now() end, now() - make_interval(mins => k)
        from (${loadPeople}) p, generate_series(1, ${options.notificationsPerPerson}) as k`),
  );
  // Vacuumed as autovacuum would have done by now (PGlite has none): index-only scans skip the heap.
  await db.execute(sql`vacuum analyze`);
}

/** The seeded people and surveys, as the load generator needs them. */
export async function describeMixedLoad(db: Database): Promise<MixedLoad> {
  const memberships = await rows<{ userId: number; n: number; roomId: number; kind: string }>(
    db,
    sql`select u.id as "userId", substring(u.email from 'carga\\.(\\d+)@')::int as n, m.room_id as "roomId", r.kind
        from users u
        join chat_members m on m.user_id = u.id
        join chat_rooms r on r.id = m.room_id and (r.kind = 'pair' or r.name like 'Carga %')
        where u.email like 'carga.%@bench.elo'`,
  );
  const byN = new Map<number, MixedPerson>();
  for (const row of memberships) {
    const n = Number(row.n);
    let person = byN.get(n);
    if (!person)
      byN.set(
        n,
        (person = {
          n,
          userId: Number(row.userId),
          login: `carga.${n}@bench.elo`,
          pairRoomId: 0,
          groupRoomId: null,
        }),
      );
    if (row.kind === 'pair') person.pairRoomId = Number(row.roomId);
    else person.groupRoomId = Number(row.roomId);
  }
  const questions = await rows<{ surveyId: number; questionId: number; options: number[] }>(
    db,
    sql`select s.id as "surveyId", q.id as "questionId",
               array(select o.id from survey_options o where o.question_id = q.id order by o.position) as options
        from surveys s join survey_questions q on q.survey_id = s.id
        where s.title like 'Pesquisa de carga %' order by s.id, q.position`,
  );
  const surveys = new Map<number, MixedSurvey>();
  for (const row of questions) {
    const id = Number(row.surveyId);
    if (!surveys.has(id)) surveys.set(id, { id, questions: [] });
    surveys.get(id)!.questions.push({ id: Number(row.questionId), options: row.options.map(Number) });
  }
  return {
    people: [...byN.values()].filter((person) => person.pairRoomId > 0).sort((a, b) => a.n - b.n),
    surveys: [...surveys.values()],
  };
}
