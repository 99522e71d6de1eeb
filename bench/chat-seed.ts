/**
 * People, sessions and rooms for the chat benchmark, made by SQL in bulk: `count` people of the
 * demo company with the chat permission and a live session each (chat token `bench-chat-<n>`),
 * rooms of two (people 2k and 2k+1), rooms of 50, and one room of 500. Used by chat-node.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';

export interface ChatLoad {
  people: { userId: number; token: string }[];
  /** Pair room of person 2k and 2k+1, at index k. */
  pairRooms: number[];
  /** Room of people 50g … 50g+49, at index g. */
  groupRooms: number[];
  /** The room of the first 500 people. */
  bigRoom: number | null;
}

type Rows<T> = { rows: T[] };

export async function seedChatLoad(db: Database, count: number): Promise<ChatLoad> {
  const [company] = (
    (await db.execute(sql`select id from companies where name = 'Elo Demonstração'`)) as unknown as Rows<{
      id: number;
    }>
  ).rows;
  const companyId = company!.id;
  await db.execute(sql`
    insert into users (company_id, name, email, login_type, password_hash)
    select ${companyId}, 'Pessoa de carga ' || i, 'carga.' || i || '@bench.elo', 'EMAIL',
           (select password_hash from users where email = 'maria.silva@demo.elo')
    from generate_series(1, ${count}) as i`);
  const people = (
    (await db.execute(
      sql`select id, substring(email from 'carga\\.(\\d+)@')::int as n from users where email like 'carga.%@bench.elo' order by 2`,
    )) as unknown as Rows<{ id: number; n: number }>
  ).rows.map((row) => ({ userId: Number(row.id), token: `bench-chat-${row.n}` }));
  await db.execute(sql`
    insert into user_permissions (company_id, user_id, permission)
    select ${companyId}, id, 'ADMIN_APP_TAB_MENSAGENS' from users where email like 'carga.%@bench.elo'`);
  await db.execute(sql`
    insert into sessions (company_id, user_id, token_hash, chat_token_hash, expires_at)
    select ${companyId}, id,
           encode(sha256(convert_to('bench-cookie-' || substring(email from 'carga\\.(\\d+)@'), 'UTF8')), 'hex'),
           encode(sha256(convert_to('bench-chat-' || substring(email from 'carga\\.(\\d+)@'), 'UTF8')), 'hex'),
           now() + interval '1 day'
    from users where email like 'carga.%@bench.elo'`);

  const ids = people.map((person) => person.userId);
  const pairRooms: number[] = [];
  for (let index = 0; index + 1 < ids.length; index += 2) {
    const [low, high] = [ids[index]!, ids[index + 1]!].sort((a, b) => a - b);
    const [room] = (
      (await db.execute(sql`
      insert into chat_rooms (company_id, kind, pair_low_id, pair_high_id)
      values (${companyId}, 'pair', ${low}, ${high}) returning id`)) as unknown as Rows<{ id: number }>
    ).rows;
    pairRooms.push(Number(room!.id));
    await db.execute(sql`insert into chat_members (room_id, user_id, company_id)
      values (${room!.id}, ${low}, ${companyId}), (${room!.id}, ${high}, ${companyId})`);
  }
  const group = async (members: number[], name: string) => {
    const [room] = (
      (await db.execute(sql`
      insert into chat_rooms (company_id, kind, name, creator_id)
      values (${companyId}, 'group', ${name}, ${members[0]}) returning id`)) as unknown as Rows<{
        id: number;
      }>
    ).rows;
    await db.execute(sql`insert into chat_members (room_id, user_id, company_id)
      select ${room!.id}, unnest(${sql.param(members)}::int[]), ${companyId}`);
    return Number(room!.id);
  };
  const groupRooms: number[] = [];
  for (let index = 0; index + 50 <= ids.length; index += 50)
    groupRooms.push(await group(ids.slice(index, index + 50), `Carga ${index / 50}`));
  const bigRoom = ids.length >= 500 ? await group(ids.slice(0, 500), 'Sala de 500') : null;
  await db.execute(sql`analyze`);
  return { people, pairRooms, groupRooms, bigRoom };
}
