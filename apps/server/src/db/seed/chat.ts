import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { chatMembers, chatMessages, chatRooms, users } from '../schema/all.ts';

interface SeedMessage {
  /** Who speaks: an index into the conversation's people. */
  from: number;
  text: string;
  /** Hours before now. */
  hoursAgo: number;
  mentions?: number[];
}

interface SeedConversation {
  people: string[];
  group?: string;
  messages: SeedMessage[];
  /** How many of the newest messages each person (by index) has not read yet. */
  unreadFor?: Record<number, number>;
}

const maria = 'maria.silva@demo.elo';
const carlos = 'carlos.pereira@demo.elo';

const pairTalk: SeedMessage[] = [
  { from: 1, text: 'Bom dia, Maria! Tudo certo para a reunião de planejamento?', hoursAgo: 50 },
  { from: 0, text: 'Bom dia, Carlos! Tudo certo, às 10h na sala 3.', hoursAgo: 49.9 },
  { from: 1, text: 'Perfeito. Vou levar os números do trimestre.', hoursAgo: 49.8 },
  { from: 0, text: 'Ótimo, obrigada!', hoursAgo: 49.7 },
  { from: 1, text: 'A apresentação ficou pronta?', hoursAgo: 30 },
  { from: 0, text: 'Quase, falta revisar os gráficos.', hoursAgo: 29.8 },
  { from: 1, text: 'Se precisar de ajuda, me avise.', hoursAgo: 29.5 },
  { from: 0, text: 'Pode deixar. Te mando até o fim da tarde.', hoursAgo: 29.4 },
  { from: 1, text: 'Combinado!', hoursAgo: 29.3 },
  { from: 0, text: 'Enviei por e-mail, dá uma olhada quando puder.', hoursAgo: 24 },
  { from: 1, text: 'Recebi, ficou muito boa.', hoursAgo: 23.5 },
  { from: 0, text: 'Que bom! Amanhã apresentamos juntos.', hoursAgo: 23.4 },
  { from: 1, text: 'Maria, a reunião de hoje foi remarcada para as 15h.', hoursAgo: 2 },
  { from: 1, text: 'Consegue confirmar com a equipe?', hoursAgo: 1.9 },
];

/** The demo chat: Maria and Carlos talking (two unread for Maria), Maria with Ana, and a group. */
function conversations(firstColleagues: string[]): SeedConversation[] {
  const [ana, bruno, camila] = firstColleagues;
  return [
    { people: [maria, carlos], messages: pairTalk, unreadFor: { 0: 2 } },
    {
      people: [maria, ana!],
      messages: [
        { from: 1, text: 'Oi Maria, você tem o modelo do relatório mensal?', hoursAgo: 72 },
        { from: 0, text: 'Tenho sim, está na pasta compartilhada do RH.', hoursAgo: 71.5 },
        { from: 1, text: 'Achei, obrigada!', hoursAgo: 71 },
      ],
    },
    {
      people: [maria, carlos, bruno!, camila!],
      group: 'Projeto Elo',
      messages: [
        { from: 0, text: 'Pessoal, criei este grupo para acompanharmos o projeto.', hoursAgo: 48 },
        { from: 2, text: 'Ótima ideia!', hoursAgo: 47.9 },
        { from: 3, text: 'Quando é a próxima entrega?', hoursAgo: 47 },
        {
          from: 0,
          text: '@Carlos Pereira, você pode responder sobre a entrega?',
          hoursAgo: 46.5,
          mentions: [1],
        },
        { from: 1, text: 'Sexta-feira, com a versão do aplicativo.', hoursAgo: 46 },
      ],
      unreadFor: { 0: 1 },
    },
  ];
}

/** Seeds the demo chat once: nothing happens when the company has rooms already. */
export async function seedChat(deps: { db: Database }): Promise<boolean> {
  const { db } = deps;
  const [master] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@demo.elo'`);
  if (!master) return false;
  const companyId = master.companyId;
  const [existing] = await db
    .select({ total: count() })
    .from(chatRooms)
    .where(eq(chatRooms.companyId, companyId));
  if ((existing?.total ?? 0) > 0) return false;
  const colleagues = await db
    .select({ email: users.email })
    .from(users)
    .where(
      sql`${users.companyId} = ${companyId} and ${users.email} like '%@demo.elo'
      and ${users.matricula} >= '10010' and ${users.active}`,
    )
    .orderBy(users.matricula)
    .limit(3);
  const plan = conversations(colleagues.map((row) => row.email!));
  const emails = [...new Set(plan.flatMap((conversation) => conversation.people))];
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const idOf = (email: string) => people.find((person) => person.email?.toLowerCase() === email)!.id;
  const now = Date.now();

  await db.transaction(async (tx) => {
    for (const [index, conversation] of plan.entries()) {
      const memberIds = conversation.people.map(idOf);
      const pair = conversation.group ? undefined : [...memberIds].sort((a, b) => a - b);
      const firstAt = new Date(now - conversation.messages[0]!.hoursAgo * 3_600_000 - 60_000);
      const [room] = await tx
        .insert(chatRooms)
        .values({
          companyId,
          kind: conversation.group ? 'group' : 'pair',
          pairLowId: pair?.[0],
          pairHighId: pair?.[1],
          name: conversation.group,
          creatorId: conversation.group ? memberIds[0] : null,
          createdAt: firstAt,
          lastActivityAt: firstAt,
        })
        .returning({ id: chatRooms.id });
      const ids: number[] = [];
      for (const [position, message] of conversation.messages.entries()) {
        const createdAt = new Date(now - message.hoursAgo * 3_600_000);
        const [row] = await tx
          .insert(chatMessages)
          .values({
            companyId,
            roomId: room!.id,
            senderId: memberIds[message.from]!,
            clientId: `seed-${index}-${position}`,
            text: message.text,
            mentionedIds: (message.mentions ?? []).map((person) => memberIds[person]!),
            createdAt,
          })
          .returning({ id: chatMessages.id });
        ids.push(row!.id);
      }
      const lastAt = new Date(now - conversation.messages.at(-1)!.hoursAgo * 3_600_000);
      await tx
        .update(chatRooms)
        .set({ lastMessageId: ids.at(-1)!, lastActivityAt: lastAt })
        .where(eq(chatRooms.id, room!.id));
      await tx.insert(chatMembers).values(
        memberIds.map((userId, person) => {
          const unread = conversation.unreadFor?.[person] ?? 0;
          // Read up to the message before the unread ones (their own are always read).
          const readUpTo = ids[ids.length - 1 - unread] ?? 0;
          return { roomId: room!.id, userId, companyId, lastReadMessageId: readUpTo, joinedAt: firstAt };
        }),
      );
    }
  });
  return true;
}
