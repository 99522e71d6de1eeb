/**
 * Fills a database for the search benchmark: the demo seed, then people, posts and chat messages
 * of the demo company made by SQL in bulk, their texts drawn from a Portuguese vocabulary so that
 * a word is found in anything from a handful to a tenth of them. The search columns (migration
 * 0031) are computed as the rows go in, as in production. Used by search.bench.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';

const subjects = [
  'Manutenção',
  'Reunião',
  'Comunicado',
  'Treinamento',
  'Campanha',
  'Relatório',
  'Avaliação',
  'Inventário',
  'Auditoria',
  'Mudança',
  'Festa',
  'Vacinação',
  'Segurança',
  'Integração',
  'Orçamento',
  'Planejamento',
];
const objects = [
  'das estações de trabalho',
  'do ar-condicionado',
  'do refeitório',
  'da frota',
  'do estoque',
  'dos servidores',
  'das férias coletivas',
  'do plano de saúde',
  'da unidade Campinas',
  'do projeto Elo',
  'das metas trimestrais',
  'da informação',
  'dos elevadores',
  'do almoxarifado',
  'das promoções',
  'do novo sistema',
  'da recepção',
];
const tails = [
  'nesta sexta-feira.',
  'amanhã às 10h.',
  'na próxima semana.',
  'confira os detalhes no portal.',
  'tragam suas dúvidas.',
  'obrigado a todos!',
  'the meeting is in English.',
  'la reunión será en español.',
  'horário sujeito a alterações.',
  'inscrições abertas até o fim do mês.',
  'vagas limitadas.',
];
const firstNames = [
  'João',
  'José',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Sandra',
  'Camila',
  'Amanda',
  'Bruna',
  'Jéssica',
  'Letícia',
  'Júlia',
  'Luciana',
  'Vanessa',
  'Mariana',
];
const surnames = [
  'da Silva',
  'dos Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
];

const array = (words: string[]) => sql`${sql.param(words)}::text[]`;
/** The i-th text: a subject, an object and a tail, stepping through each list at its own pace. */
const textOf = (i: string) =>
  sql.raw(`s[1 + (${i} % array_length(s, 1))] || ' ' || o[1 + ((${i} / 3) % array_length(o, 1))] || ' ' ||
    t[1 + ((${i} / 7) % array_length(t, 1))] || ' Nº ' || ${i}`);

export async function seedSearchLoad(
  db: Database,
  options: { posts: number; messages: number; people: number },
) {
  const rows = <T>(query: ReturnType<typeof sql>) => db.execute(query) as unknown as Promise<{ rows: T[] }>;
  const [company] = (
    await rows<{ id: number }>(sql`select id from companies where name = 'Elo Demonstração'`)
  ).rows;
  const companyId = company!.id;
  const vocabulary = sql`(select ${array(subjects)} as s, ${array(objects)} as o, ${array(tails)} as t) v`;

  await db.execute(sql`
    insert into users (company_id, name, password_hash, login_type, active)
    select ${companyId}, f[1 + (i % array_length(f, 1))] || ' ' || l[1 + ((i / 40) % array_length(l, 1))] || ' ' || i,
      'bench-no-sign-in', 'EMAIL', true
    from generate_series(1, ${options.people}) as i,
      (select ${array(firstNames)} as f, ${array(surnames)} as l) names`);

  await db.execute(sql`
    with people as (select array_agg(id order by id) as ids from users where company_id = ${companyId})
    insert into posts (company_id, author_id, type, text, status, publish_at, created_at, allow_comments, on_wall)
    select ${companyId}, people.ids[1 + (i % array_length(people.ids, 1))], 1, ${textOf('i')},
           'published', now() - make_interval(mins => ${options.posts} - i), now() - make_interval(mins => ${options.posts} - i),
           true, i % 10 = 0
    from generate_series(1, ${options.posts}) as i, people, ${vocabulary}`);
  await db.execute(sql`
    with grupos as (select array_agg(id order by id) as ids from groups where company_id = ${companyId})
    insert into post_groups (company_id, post_id, group_id)
    select ${companyId}, p.id, grupos.ids[1 + (p.id % array_length(grupos.ids, 1))]
    from posts p, grupos
    where p.company_id = ${companyId} and not p.on_wall and p.text like '% Nº %'`);

  // Group rooms of three: one in twenty has Maria, so she reads a twentieth of the messages.
  const roomCount = Math.max(1, Math.round(options.messages / 500));
  await db.execute(sql`
    insert into chat_rooms (company_id, kind, name, creator_id)
    select ${companyId}, 'group', 'Sala de carga ' || r, (select min(id) from users where company_id = ${companyId})
    from generate_series(1, ${roomCount}) as r`);
  await db.execute(sql`
    with people as (select array_agg(id order by id) as ids from users where company_id = ${companyId}),
      maria as (select id from users where email = 'maria.silva@demo.elo'),
      rooms as (select id, (row_number() over (order by id))::int as n from chat_rooms
        where company_id = ${companyId} and name like 'Sala de carga %')
    insert into chat_members (room_id, user_id, company_id)
    select distinct rooms.id, case when k = 0 and rooms.n % 20 = 0 then maria.id
        else people.ids[1 + ((rooms.n * 7 + k * 131) % array_length(people.ids, 1))] end, ${companyId}::int
    from rooms, people, maria, generate_series(0, 2) as k
    on conflict do nothing`);
  await db.execute(sql`
    with rooms as (select array_agg(id order by id) as ids from chat_rooms
        where company_id = ${companyId} and name like 'Sala de carga %')
    insert into chat_messages (company_id, room_id, sender_id, client_id, text, created_at)
    select ${companyId}, rooms.ids[1 + (i % array_length(rooms.ids, 1))],
      (select m.user_id from chat_members m where m.room_id = rooms.ids[1 + (i % array_length(rooms.ids, 1))] limit 1),
      'bench-' || i, ${textOf('i')}, now() - make_interval(secs => ${options.messages} - i)
    from generate_series(1, ${options.messages}) as i, rooms, ${vocabulary}`);
  // (The newer a post or message, the higher its id, as in a portal in use.)
  // Autovacuum would have visited tables this size: the visibility map lets index-only probes skip the heap.
  await db.execute(sql`vacuum analyze`);
}
