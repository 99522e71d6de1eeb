import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { AdminPermission, employeePermissions } from '@elo/contract/enums';
import { adminTicketSubjects, hrSubjectSettings, hrTickets, notifications } from '../../db/schema/all.ts';
import { actorAt } from '../../platform/auth/actor.ts';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createNotificationsService } from '../notifications/service.ts';
import { assignTicket, changeTicketStatus, replyToTicket } from './administration.ts';
import { openTicket, rateTicket, writeOnTicket } from './employee.ts';
import {
  autoCloseJob,
  createHrTicketsService,
  slaScanJob,
  type HrScope,
  type HrTicketsService,
} from './service.ts';
import { presentTicket } from './wire.ts';
import { assignToAdmin, makeSubject, ticketAudits } from './test-support.ts';

/*
 * The SLA clock end to end on the real database, with the service's clock moved by the test:
 * deadlines in business hours over nights, weekends and a national holiday (Finados, Monday
 * 2 November 2026), the pause while waiting for the employee, the 75% and breach warnings once,
 * and the closing of resolved tickets after seven days. The company keeps the default calendar:
 * Monday to Friday, 08:00 to 18:00 in America/Sao_Paulo (UTC-3).
 */

let t: TestApp;
let service: HrTicketsService;
let now = new Date();
let companyId: number;
let employee: { companyId: number; userId: number };
let hr: HrScope;
let masterId: number;
let holidays: number;
let urgent: number;

const at = (iso: string) => {
  now = new Date(iso);
};
const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { db } = t.database;
  const company = await makeCompany(db);
  companyId = company.companyId;
  masterId = company.master.id;
  const maria = await makePerson(db, { companyId, permissions: employeePermissions });
  const ana = await makePerson(db, { companyId, administrator: { [AdminPermission.hrPortal]: 'E' } });
  employee = { companyId, userId: maria.id };
  hr = { companyId, userId: ana.id, adminPermissions: new Map([[AdminPermission.hrPortal, 'E']]) };
  holidays = await makeSubject(db, { companyId, name: 'Férias', firstResponseHours: 8, resolutionHours: 40 });
  urgent = await makeSubject(db, { companyId, name: 'Urgente', firstResponseHours: 1, resolutionHours: 2 });
  // The service as the app builds it, on the same database and queue, with a clock the test moves.
  service = createHrTicketsService({
    db,
    jobs: t.app.jobs,
    notifications: createNotificationsService({ db, publish: () => undefined, log: t.app.log }),
    mail: { send: async () => undefined },
    publicUrl: 'http://localhost',
    log: t.app.log,
    now: () => now,
  });
  // The app's own scans run on the real clock: stopped here, so only the test's moved clock counts.
  await t.app.jobs.unschedule(slaScanJob);
  await t.app.jobs.unschedule(autoCloseJob);
  // The people sign in once, so the accounts are real ones of the portal.
  await t.signIn(maria.email, factoryPassword);
}, 120_000);
afterAll(() => t.close());

const actorOf = (scope: { companyId: number; userId: number }) => actorAt(scope, {});
const open = async (subjectId: number, text = 'Preciso de ajuda') =>
  (await openTicket(service, employee, { subjectId, message: text, files: [] }, actorOf(employee))).id;
const ticket = async (ticketId: number) => (await service.findTicket(companyId, ticketId))!;

describe('SLA deadlines in business hours', () => {
  it('a ticket opened on a Friday evening before a holiday Monday is due on Tuesday and on the next Friday', async () => {
    at('2026-10-30T20:00:00Z'); // Friday 17:00: one business hour left that day.
    const id = await open(holidays);
    const row = await ticket(id);
    // 8 h: Friday 17:00–18:00, Monday 2 November is Finados, Tuesday 08:00 + 7 h = 15:00.
    expect(iso(row.firstResponseDue)).toBe('2026-11-03T18:00:00.000Z');
    // 40 h: 1 on Friday, 10 each on Tuesday, Wednesday and Thursday, 9 on Friday 6 November (17:00).
    expect(iso(row.resolutionDue)).toBe('2026-11-06T20:00:00.000Z');
    expect(row.overdue).toBe(false);
  });

  it('counts from the next opening at night and over the weekend', async () => {
    at('2026-11-03T22:00:00Z'); // Tuesday 19:00, after hours.
    expect(iso((await ticket(await open(urgent))).firstResponseDue)).toBe('2026-11-04T12:00:00.000Z');
    at('2026-11-07T15:00:00Z'); // Saturday noon.
    expect(iso((await ticket(await open(urgent))).firstResponseDue)).toBe('2026-11-09T12:00:00.000Z');
  });

  it('pauses while waiting for the employee: the paused business minutes push the resolution deadline, not an answered first response', async () => {
    at('2026-10-30T20:00:00Z');
    const id = await open(holidays);
    at('2026-11-03T12:00:00Z'); // Tuesday 09:00: HR answers and waits for the employee.
    await replyToTicket(
      service,
      hr,
      {
        ticketId: id,
        message: 'Qual período você quer?',
        internal: false,
        status: 'AGUARDANDO_COLABORADOR',
        files: [],
      },
      actorOf(hr),
    );
    const paused = await ticket(id);
    expect(paused).toMatchObject({ status: 'AGUARDANDO_COLABORADOR', overdue: false });
    expect(iso(paused.pausedAt)).toBe('2026-11-03T12:00:00.000Z');
    expect(iso(paused.firstResponseAt)).toBe('2026-11-03T12:00:00.000Z');

    // Wednesday 10:30: 9 h on Tuesday and 2 h 30 on Wednesday paused, 690 business minutes.
    at('2026-11-04T13:30:00Z');
    await writeOnTicket(
      service,
      employee,
      { ticketId: id, message: 'De 5 a 20 de janeiro.', files: [] },
      actorOf(employee),
    );
    const running = await ticket(id);
    expect(running).toMatchObject({ status: 'EM_ANDAMENTO', pausedAt: null });
    // Friday 6 November 17:00 + 690 min: 1 h on Friday, Monday whole, Tuesday 10 at 08:30.
    expect(iso(running.resolutionDue)).toBe('2026-11-10T11:30:00.000Z');
    expect(iso(running.firstResponseDue)).toBe('2026-11-03T18:00:00.000Z');
    expect(running.overdue).toBe(false);
  });
});

describe('SLA warnings', () => {
  it('warns at 75% of each target and at its breach, once each, those who could take the ticket', async () => {
    at('2026-11-09T12:00:00Z'); // Monday 09:00; first response due 10:00, resolution 11:00.
    const id = await open(urgent);
    const warnings = async () =>
      (
        await t.database.db
          .select({ userId: notifications.userId, title: notifications.title })
          .from(notifications)
          .where(and(eq(notifications.type, 'CHAMADO_SLA'), like(notifications.link, `%idChamado=${id}`)))
          .orderBy(notifications.id)
      ).filter((row) => row.userId === hr.userId);
    const protocol = (await ticket(id)).protocol;

    at('2026-11-09T12:40:00Z'); // 20 minutes left of 60: not yet.
    await service.scanSla();
    expect(await warnings()).toEqual([]);

    at('2026-11-09T12:46:00Z'); // 14 minutes left: 75% passed.
    await service.scanSla();
    await service.scanSla();
    expect((await warnings()).map((row) => row.title)).toEqual([
      `Chamado ${protocol}: 75% do prazo de primeira resposta`,
    ]);

    at('2026-11-09T13:31:00Z'); // First response missed; 29 of 120 minutes left for the solution.
    await service.scanSla();
    await service.scanSla();
    expect((await warnings()).map((row) => row.title)).toEqual([
      `Chamado ${protocol}: 75% do prazo de primeira resposta`,
      `Chamado ${protocol}: prazo de primeira resposta estourado`,
      `Chamado ${protocol}: 75% do prazo de solução`,
    ]);
    expect((await ticket(id)).overdue).toBe(true);

    at('2026-11-09T14:01:00Z');
    await service.scanSla();
    await service.scanSla();
    expect((await warnings()).map((row) => row.title)).toHaveLength(4);
    expect((await warnings()).at(-1)!.title).toBe(`Chamado ${protocol}: prazo de solução estourado`);
    // Nobody was responsible: every administrator who could take it was told (the master too).
    const masterTold = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, masterId), like(notifications.link, `%idChamado=${id}`)));
    expect(masterTold).toHaveLength(4);
  });

  it('tells only the responsible administrator when there is one, and nobody while the clock is paused', async () => {
    at('2026-11-10T12:00:00Z');
    const id = await open(urgent);
    await assignTicket(service, hr, { ticketId: id, assigneeId: hr.userId }, actorOf(hr));
    const paused = await open(urgent);
    await changeTicketStatus(
      service,
      hr,
      { ticketId: paused, status: 'AGUARDANDO_COLABORADOR' },
      actorOf(hr),
    );
    at('2026-11-10T12:50:00Z');
    await service.scanSla();
    const told = await t.database.db
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.type, 'CHAMADO_SLA'));
    expect(told.filter((row) => row.link?.endsWith(`idChamado=${id}`)).map((row) => row.userId)).toEqual([
      hr.userId,
    ]);
    expect(told.filter((row) => row.link?.endsWith(`idChamado=${paused}`))).toEqual([]);
  });
});

describe('SLA warnings of a confidential ticket', () => {
  it('go only to its subject’s administrators, after its flag is lifted too, and not to a responsible who no longer sees it', async () => {
    const { db } = t.database;
    const complaints = await makeSubject(db, {
      companyId,
      name: 'Denúncia',
      confidential: true,
      firstResponseHours: 1,
      resolutionHours: 2,
    });
    const [davi, eva] = await Promise.all([
      makePerson(db, { companyId, administrator: { [AdminPermission.hrPortal]: 'E' } }),
      makePerson(db, { companyId, administrator: { [AdminPermission.hrPortal]: 'E' } }),
    ]);
    await assignToAdmin(db, { companyId, userId: davi.id, subjectIds: [complaints] });
    await assignToAdmin(db, { companyId, userId: eva.id, subjectIds: [complaints] });
    const told = async (ticketId: number) =>
      (
        await db
          .select({ userId: notifications.userId })
          .from(notifications)
          .where(
            and(eq(notifications.type, 'CHAMADO_SLA'), like(notifications.link, `%idChamado=${ticketId}`)),
          )
      )
        .map((row) => row.userId)
        .sort((a, b) => a - b);

    at('2026-11-12T12:00:00Z'); // Thursday 09:00; first response due at 10:00.
    const id = await open(complaints, 'Assédio no turno da noite');
    // The subject's confidentiality is lifted: the ticket was opened confidential, so it stays.
    await db
      .update(hrSubjectSettings)
      .set({ confidential: false })
      .where(eq(hrSubjectSettings.subjectId, complaints));
    at('2026-11-12T12:46:00Z');
    await service.scanSla();
    expect(await told(id)).toEqual([davi.id, eva.id].sort((a, b) => a - b));

    // Davi is made responsible, then loses the subject: the breach goes to Eva, who still sees it.
    await db.update(hrTickets).set({ assigneeId: davi.id }).where(eq(hrTickets.id, id));
    await db
      .delete(adminTicketSubjects)
      .where(and(eq(adminTicketSubjects.userId, davi.id), eq(adminTicketSubjects.itemId, complaints)));
    at('2026-11-12T13:01:00Z');
    await service.scanSla();
    const breach = await db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(
        and(
          eq(
            notifications.title,
            `Chamado ${(await ticket(id)).protocol}: prazo de primeira resposta estourado`,
          ),
          like(notifications.link, `%idChamado=${id}`),
        ),
      );
    expect(breach.map((row) => row.userId)).toEqual([eva.id]);
    // Neither HR with nothing assigned nor the master was ever told of it.
    expect(await told(id)).not.toContain(hr.userId);
    expect(await told(id)).not.toContain(masterId);
  });
});

describe('closing resolved tickets', () => {
  it('closes a ticket resolved seven days ago with no word from the employee, once, audited as the system', async () => {
    at('2026-11-11T12:00:00Z');
    const id = await open(holidays);
    await changeTicketStatus(service, hr, { ticketId: id, status: 'RESOLVIDO' }, actorOf(hr));
    at('2026-11-17T12:00:00Z'); // Six days later: it still reopens if written.
    await service.closeResolved();
    expect((await ticket(id)).status).toBe('RESOLVIDO');
    at('2026-11-18T12:01:00Z');
    await service.closeResolved();
    await service.closeResolved();
    expect((await ticket(id)).status).toBe('FECHADO');
    const closings = (await ticketAudits(t, id)).filter((entry) => entry.action === 'hr_ticket_auto_close');
    expect(closings).toEqual([
      {
        action: 'hr_ticket_auto_close',
        actorUserId: null,
        changes: { status: { antes: 'RESOLVIDO', depois: 'FECHADO' } },
      },
    ]);
    // Closed after its resolution, it can still be rated.
    const rated = presentTicket(
      await rateTicket(service, employee, { ticketId: id, score: 5 }, actorOf(employee)),
    );
    expect(rated).toMatchObject({ status: 'FECHADO', nota: 5 });
  });
});
