import { and, eq, inArray, sql } from 'drizzle-orm';
import { AdminPermission, employeePermissions, LoginType } from '@elo/contract/enums';
import { loadBusinessCalendar } from '../../modules/hr-settings/service.ts';
import { deadlinesAt } from '../../modules/hr-tickets/lifecycle.ts';
import type { Database } from '../client.ts';
import {
  adminPermissions,
  adminTicketSubjects,
  catalogItems,
  groupMembers,
  groups,
  hrSubjectSettings,
  hrTicketMessages,
  hrTickets,
  userPermissions,
  users,
} from '../schema/all.ts';

const hour = 3_600_000;
const day = 24 * hour;

/** The HR subjects of the demo company with their SLA (business hours) and confidentiality. */
const subjectSpecs = [
  { name: 'Férias', firstResponseHours: 8, resolutionHours: 40, confidential: false },
  { name: 'Benefícios', firstResponseHours: 8, resolutionHours: 40, confidential: false },
  { name: 'Folha de pagamento', firstResponseHours: 8, resolutionHours: 40, confidential: false },
  { name: 'Denúncia', firstResponseHours: 4, resolutionHours: 24, confidential: true },
  { name: 'Outros', firstResponseHours: 8, resolutionHours: 40, confidential: false },
] as const;

type SubjectName = (typeof subjectSpecs)[number]['name'];

interface MessageSpec {
  /** Hours after the opening. */
  at: number;
  from: 'requester' | 'hr';
  internal?: boolean;
  text: string;
}

/** The demo's tickets: one in every status, an answer Maria has not read, a note, ratings, a breach. */
const ticketSpecs: {
  requester: string;
  subject: SubjectName;
  status: 'ABERTO' | 'EM_ANDAMENTO' | 'AGUARDANDO_COLABORADOR' | 'RESOLVIDO' | 'FECHADO';
  /** Days before now. */
  openedDaysAgo: number;
  messages: MessageSpec[];
  readByRequester: boolean;
  rating?: { score: number; comment: string };
}[] = [
  {
    requester: 'maria.silva@demo.elo',
    subject: 'Férias',
    status: 'EM_ANDAMENTO',
    openedDaysAgo: 2,
    readByRequester: false,
    messages: [
      { at: 0, from: 'requester', text: 'Posso dividir minhas férias de janeiro em dois períodos?' },
      { at: 1, from: 'hr', internal: true, text: 'Conferir o saldo de férias dela antes de confirmar.' },
      {
        at: 3,
        from: 'hr',
        text: 'Pode sim, Maria: um dos períodos precisa ter no mínimo 14 dias. Envie as datas que prefere.',
      },
    ],
  },
  {
    requester: 'maria.silva@demo.elo',
    subject: 'Folha de pagamento',
    status: 'AGUARDANDO_COLABORADOR',
    openedDaysAgo: 4,
    readByRequester: true,
    messages: [
      { at: 0, from: 'requester', text: 'O adicional noturno de outubro não veio no meu holerite.' },
      { at: 5, from: 'hr', text: 'Você pode enviar o espelho de ponto de outubro para conferirmos?' },
    ],
  },
  {
    requester: 'maria.silva@demo.elo',
    subject: 'Benefícios',
    status: 'RESOLVIDO',
    openedDaysAgo: 3,
    readByRequester: true,
    messages: [
      { at: 0, from: 'requester', text: 'Como incluo meu filho no plano de saúde?' },
      {
        at: 2,
        from: 'hr',
        text: 'Basta enviar a certidão de nascimento pelo portal; a inclusão vale no mês seguinte.',
      },
    ],
  },
  {
    requester: 'maria.silva@demo.elo',
    subject: 'Benefícios',
    status: 'FECHADO',
    openedDaysAgo: 20,
    readByRequester: true,
    rating: { score: 5, comment: 'Resposta rápida e clara, obrigada!' },
    messages: [
      { at: 0, from: 'requester', text: 'Qual é o valor do vale-refeição a partir deste mês?' },
      { at: 1, from: 'hr', text: 'O novo valor é de R$ 45,00 por dia útil, já no próximo crédito.' },
    ],
  },
  {
    requester: 'maria.silva@demo.elo',
    subject: 'Outros',
    status: 'ABERTO',
    openedDaysAgo: 6,
    readByRequester: true,
    messages: [{ at: 0, from: 'requester', text: 'Preciso de uma declaração de vínculo para o banco.' }],
  },
  {
    requester: 'carlos.pereira@demo.elo',
    subject: 'Denúncia',
    status: 'ABERTO',
    openedDaysAgo: 1,
    readByRequester: true,
    messages: [
      { at: 0, from: 'requester', text: 'Quero relatar uma situação de assédio moral no turno da noite.' },
    ],
  },
  {
    requester: 'carlos.pereira@demo.elo',
    subject: 'Férias',
    status: 'RESOLVIDO',
    openedDaysAgo: 5,
    readByRequester: true,
    rating: { score: 4, comment: 'Resolvido, mas demorou um pouco.' },
    messages: [
      { at: 0, from: 'requester', text: 'Minhas férias de dezembro foram aprovadas?' },
      { at: 30, from: 'hr', text: 'Aprovadas, Carlos: de 15 a 29 de dezembro.' },
    ],
  },
];

/** The HR administrator of the demo: only the HR portal, assigned to Férias and Benefícios. */
const hrLogin = {
  name: 'Renata Moura',
  email: 'rh@demo.elo',
  matricula: '10095',
  password: 'Demo@1234',
  subjects: ['Férias', 'Benefícios'] as SubjectName[],
};

/**
 * The demo company's HR contact (issue 16): the subjects with their SLA, the administrator
 * rh@demo.elo, and tickets in every status. Idempotent: each part is skipped when it is there.
 */
export async function seedHrTickets(deps: {
  db: Database;
  hashPassword: (password: string) => Promise<string>;
}): Promise<boolean> {
  const { db } = deps;
  const [master] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(sql`lower(${users.email}) = 'admin@demo.elo'`);
  if (!master) return false;
  const companyId = master.companyId;
  const passwordHash = await deps.hashPassword(hrLogin.password);

  const created = await db.transaction(async (tx) => {
    const subjectIds = new Map<SubjectName, number>();
    for (const spec of subjectSpecs) {
      const [found] = await tx
        .select({ id: catalogItems.id })
        .from(catalogItems)
        .where(
          and(
            eq(catalogItems.companyId, companyId),
            eq(catalogItems.kind, 'ASSUNTO_CHAMADO'),
            sql`lower(${catalogItems.name}) = lower(${spec.name})`,
          ),
        );
      const id =
        found?.id ??
        (
          await tx
            .insert(catalogItems)
            .values({ companyId, kind: 'ASSUNTO_CHAMADO', name: spec.name })
            .returning({ id: catalogItems.id })
        )[0]!.id;
      subjectIds.set(spec.name, id);
      await tx
        .insert(hrSubjectSettings)
        .values({
          subjectId: id,
          companyId,
          confidential: spec.confidential,
          firstResponseMinutes: spec.firstResponseHours * 60,
          resolutionMinutes: spec.resolutionHours * 60,
        })
        .onConflictDoNothing();
    }

    let [hr] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${hrLogin.email}`);
    if (!hr) {
      [hr] = await tx
        .insert(users)
        .values({
          companyId,
          name: hrLogin.name,
          email: hrLogin.email,
          matricula: hrLogin.matricula,
          loginType: LoginType.email,
          passwordHash,
          isAdministrator: true,
        })
        .returning({ id: users.id });
      const userId = hr!.id;
      await tx
        .insert(userPermissions)
        .values(employeePermissions.map((permission) => ({ companyId, userId, permission })));
      await tx
        .insert(adminPermissions)
        .values({ companyId, userId, permission: AdminPermission.hrPortal, status: 'E' });
      const [general] = await tx
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.companyId, companyId), eq(groups.isDefault, true)));
      if (general) await tx.insert(groupMembers).values({ companyId, groupId: general.id, userId });
      await tx
        .insert(adminTicketSubjects)
        .values(hrLogin.subjects.map((name) => ({ companyId, userId, itemId: subjectIds.get(name)! })));
    }

    const [existing] = await tx
      .select({ id: hrTickets.id })
      .from(hrTickets)
      .where(eq(hrTickets.companyId, companyId))
      .limit(1);
    if (existing) return false;
    const requesters = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            and(
              eq(users.companyId, companyId),
              inArray(users.email, [...new Set(ticketSpecs.map((spec) => spec.requester))]),
            ),
          )
      ).map((row) => [row.email!, row.id]),
    );
    const calendar = await loadBusinessCalendar(tx, companyId);
    const now = Date.now();
    const year = Number(
      new Intl.DateTimeFormat('en', { timeZone: calendar.timeZone, year: 'numeric' }).format(new Date(now)),
    );
    // Oldest first, so the protocol numbers follow the openings.
    const ordered = [...ticketSpecs].sort((a, b) => b.openedDaysAgo - a.openedDaysAgo);
    let sequence = 0;
    for (const spec of ordered) {
      const requesterId = requesters.get(spec.requester);
      if (!requesterId) continue;
      const subjectId = subjectIds.get(spec.subject)!;
      const settings = subjectSpecs.find((subject) => subject.name === spec.subject)!;
      const openedAt = new Date(now - spec.openedDaysAgo * day);
      const times = spec.messages.map((message) => new Date(openedAt.getTime() + message.at * hour));
      const visibleHr = spec.messages
        .map((message, index) => ({ message, at: times[index]! }))
        .filter((entry) => entry.message.from === 'hr' && !entry.message.internal);
      const lastAt = new Date(Math.max(...times.map((time) => time.getTime())));
      const lastHrAt = visibleHr.at(-1)?.at ?? null;
      const finished = spec.status === 'RESOLVIDO' || spec.status === 'FECHADO';
      const resolvedAt = finished ? new Date(lastAt.getTime() + hour) : null;
      sequence += 1;
      const [ticket] = await tx
        .insert(hrTickets)
        .values({
          companyId,
          protocol: `${year}-${String(sequence).padStart(6, '0')}`,
          requesterId,
          subjectId,
          // Opened under a confidential subject: confidential for life, as abreChamado does.
          confidentialSubjectId: settings.confidential ? subjectId : null,
          status: spec.status,
          assigneeId: spec.subject === 'Denúncia' ? null : hr!.id,
          openedAt,
          lastMessageAt: lastAt,
          firstResponseAt: visibleHr[0]?.at ?? null,
          resolvedAt,
          closedAt: spec.status === 'FECHADO' ? new Date(resolvedAt!.getTime() + 7 * day) : null,
          pausedAt: spec.status === 'AGUARDANDO_COLABORADOR' ? lastHrAt : null,
          ...deadlinesAt(calendar, openedAt, {
            firstResponseMinutes: settings.firstResponseHours * 60,
            resolutionMinutes: settings.resolutionHours * 60,
          }),
          // Read up to the last message, or up to before HR's last answer for the unread one.
          requesterReadAt: spec.readByRequester ? lastAt : openedAt,
          lastHrMessageAt: lastHrAt,
          rating: spec.rating?.score ?? null,
          ratingComment: spec.rating?.comment ?? null,
          ratedAt: spec.rating ? new Date(resolvedAt!.getTime() + hour) : null,
        })
        .returning({ id: hrTickets.id });
      await tx.insert(hrTicketMessages).values(
        spec.messages.map((message, index) => ({
          companyId,
          ticketId: ticket!.id,
          authorId: message.from === 'hr' ? hr!.id : requesterId,
          fromHr: message.from === 'hr',
          internal: message.internal ?? false,
          body: message.text,
          createdAt: times[index]!,
        })),
      );
    }
    return true;
  });
  return created;
}
