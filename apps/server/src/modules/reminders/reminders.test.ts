import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, reminders } from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { startSmtpCatcher } from '../../test/message-catchers.ts';
import {
  inSeconds,
  listedReminders,
  queuedFires,
  reminderNotifications,
  savedReminder,
  settle,
  waitLong,
} from './test-support.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let maria: string;
let mariaEmail: string;
let joao: string;
let outsider: string;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url } });
  const { db } = t.database;
  const company = await makeCompany(db);
  const other = await makeCompany(db);
  const made = await makePerson(db, { companyId: company.companyId, name: 'Maria Lembrete' });
  mariaEmail = made.email;
  maria = await t.signIn(made.email, factoryPassword);
  joao = await t.signIn((await makePerson(db, { companyId: company.companyId })).email, factoryPassword);
  outsider = await t.signIn((await makePerson(db, { companyId: other.companyId })).email, factoryPassword);
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function storedRow(id: number) {
  const [row] = await t.database.db.select().from(reminders).where(eq(reminders.id, id));
  return row;
}

describe('the reminder calls', () => {
  it('creates, lists, edits, concludes and deletes the caller’s reminders, each audited', async () => {
    const at = inSeconds(2 * 86_400);
    const made = await savedReminder(t, maria, {
      titulo: '  Reunião de equipe  ',
      descricao: 'Levar a pauta',
      dtLembrete: at,
      recorrencia: 'SEMANAL',
      flEmail: 'S',
    });
    expect(made).toMatchObject({
      titulo: 'Reunião de equipe',
      descricao: 'Levar a pauta',
      dtLembrete: new Date(at).toISOString(),
      recorrencia: 'SEMANAL',
      flEmail: 'S',
      flConcluido: 'N',
      dtProximaOcorrencia: new Date(at).toISOString(),
      dtUltimaOcorrencia: null,
    });
    expect(await queuedFires(t, made.idLembrete)).toEqual([new Date(at).toISOString()]);

    const later = inSeconds(3 * 86_400);
    const edited = await savedReminder(t, maria, {
      idLembrete: made.idLembrete,
      titulo: 'Reunião de equipe',
      descricao: '',
      dtLembrete: later,
      recorrencia: 'DIARIA',
      flEmail: 'N',
    });
    expect(edited).toMatchObject({
      idLembrete: made.idLembrete,
      descricao: null,
      recorrencia: 'DIARIA',
      dtProximaOcorrencia: new Date(later).toISOString(),
    });
    // The fire queued for the old time stays; it finds the reminder moved and does nothing.
    expect(await queuedFires(t, made.idLembrete)).toContain(new Date(later).toISOString());

    const upcoming = await listedReminders(t, maria, 'PROXIMOS');
    expect(upcoming.map((item) => item.idLembrete)).toContain(made.idLembrete);

    const concluded = await t.call('concluiLembrete', { idLembrete: made.idLembrete }, { cookie: maria });
    expect(concluded.statusCode, concluded.body).toBe(200);
    expect(concluded.json().data.lembrete).toMatchObject({ flConcluido: 'S', dtProximaOcorrencia: null });
    expect((await listedReminders(t, maria, 'PROXIMOS')).map((item) => item.idLembrete)).not.toContain(
      made.idLembrete,
    );
    expect((await listedReminders(t, maria, 'PASSADOS')).map((item) => item.idLembrete)).toContain(
      made.idLembrete,
    );

    // A concluded reminder given a new time is open again.
    const reopened = await savedReminder(t, maria, {
      idLembrete: made.idLembrete,
      titulo: 'Reunião de equipe',
      dtLembrete: inSeconds(4 * 86_400),
      recorrencia: 'NENHUMA',
    });
    expect(reopened.flConcluido).toBe('N');

    const removed = await t.call('excluiLembrete', { idLembrete: made.idLembrete }, { cookie: maria });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await storedRow(made.idLembrete)).toBeUndefined();

    const entries = await t.database.db
      .select({ action: auditLog.action, targetName: auditLog.targetName, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'reminder'), eq(auditLog.targetId, String(made.idLembrete))));
    expect(entries.map((entry) => entry.action).sort()).toEqual(
      [
        'reminder_complete',
        'reminder_create',
        'reminder_delete',
        'reminder_update',
        'reminder_update',
      ].sort(),
    );
    // Personal words stay out of the log the administrators read.
    expect(JSON.stringify(entries)).not.toContain('Reunião');
    expect(JSON.stringify(entries)).not.toContain('pauta');
  });

  it('lists upcoming soonest first, then past latest first, with the paging total', async () => {
    const person = await t.signIn(
      (await makePerson(t.database.db, { companyId: (await makeCompany(t.database.db)).companyId })).email,
      factoryPassword,
    );
    const far = await savedReminder(t, person, { titulo: 'Longe', dtLembrete: inSeconds(5 * 86_400) });
    const near = await savedReminder(t, person, { titulo: 'Perto', dtLembrete: inSeconds(86_400) });
    const done = await savedReminder(t, person, { titulo: 'Feito', dtLembrete: inSeconds(2 * 86_400) });
    await t.call('concluiLembrete', { idLembrete: done.idLembrete }, { cookie: person });
    expect((await listedReminders(t, person)).map((item) => item.titulo)).toEqual([
      'Perto',
      'Longe',
      'Feito',
    ]);
    const page = await t.call(
      'consultaLembretes',
      { idPaginaAtual: 2, qtdRegistrosPorPagina: 2 },
      { cookie: person },
    );
    expect(page.json().data).toMatchObject({
      qtdTotalRegistros: 3,
      idPaginaAtual: 2,
      qtdRegistrosPorPagina: 2,
    });
    expect(page.json().data.listLembretes.map((item: { idLembrete: number }) => item.idLembrete)).toEqual([
      done.idLembrete,
    ]);
    expect(far.idLembrete).not.toBe(near.idLembrete);
  });

  it('refuses bad input with translated field messages and writes nothing', async () => {
    const before = await listedReminders(t, joao);
    const cases: [Record<string, unknown>, string, string, string | undefined][] = [
      [{ titulo: '   ' }, 'titulo', 'Campo obrigatório', undefined],
      [{ titulo: 'x'.repeat(121) }, 'titulo', 'Informe no máximo 120 caracteres', undefined],
      [{ dtLembrete: inSeconds(-60) }, 'dtLembrete', 'Informe uma data e hora futuras', undefined],
      [{ dtLembrete: 'amanhã' }, 'dtLembrete', 'Informe uma data válida', undefined],
      [
        { recorrencia: 'ANUAL' },
        'recorrencia',
        'Select a valid recurrence: none, daily, weekly or monthly',
        'en',
      ],
      [
        { recorrencia: 'ANUAL' },
        'recorrencia',
        'Selecciona una recurrencia válida: ninguna, diaria, semanal o mensual',
        'es',
      ],
    ];
    for (const [fields, field, message, language] of cases) {
      const response = await t.call(
        'salvaLembrete',
        {
          titulo: 'Pagar a conta',
          dtLembrete: inSeconds(3_600),
          recorrencia: 'NENHUMA',
          flEmail: 'N',
          ...fields,
        },
        { cookie: joao, ...(language ? { language } : {}) },
      );
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().errors[field], response.body).toEqual([message]);
    }
    expect(await listedReminders(t, joao)).toEqual(before);
  });

  it('refuses moving a reminder into the past, but keeps an unchanged past time on an edit', async () => {
    const made = await savedReminder(t, joao, { titulo: 'Ligar para o banco', dtLembrete: inSeconds(3_600) });
    const moved = await t.call(
      'salvaLembrete',
      { idLembrete: made.idLembrete, titulo: 'Outro', dtLembrete: inSeconds(-3_600), recorrencia: 'NENHUMA' },
      { cookie: joao },
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.dtLembrete).toEqual(['Informe uma data e hora futuras']);
    expect((await storedRow(made.idLembrete))?.title).toBe('Ligar para o banco');
    // Its time passes (as if it had fired long ago); renaming it keeps that time.
    const past = new Date(Date.now() - 86_400_000);
    await t.database.db
      .update(reminders)
      .set({ remindAt: past, nextAt: null, lastFiredAt: past })
      .where(eq(reminders.id, made.idLembrete));
    const renamed = await savedReminder(t, joao, {
      idLembrete: made.idLembrete,
      titulo: 'Ligar para o banco às 10h',
      dtLembrete: past.toISOString(),
      recorrencia: 'NENHUMA',
    });
    expect(renamed).toMatchObject({ titulo: 'Ligar para o banco às 10h', dtProximaOcorrencia: null });
    // Turning it daily waits for the series' next occurrence: tomorrow at the same time of day.
    const daily = await savedReminder(t, joao, {
      idLembrete: made.idLembrete,
      titulo: 'Ligar para o banco às 10h',
      dtLembrete: past.toISOString(),
      recorrencia: 'DIARIA',
    });
    const next = new Date(daily.dtProximaOcorrencia!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - past.getTime()).toBe(2 * 86_400_000);
  });

  it('answers another person’s or company’s reminder as unknown, and changes nothing', async () => {
    const made = await savedReminder(t, maria, { titulo: 'Consulta médica' });
    const stored = await storedRow(made.idLembrete);
    for (const cookie of [joao, outsider]) {
      for (const [name, input] of [
        ['concluiLembrete', { idLembrete: made.idLembrete }],
        ['excluiLembrete', { idLembrete: made.idLembrete }],
        ['adiaLembrete', { idLembrete: made.idLembrete, minutos: 10 }],
        [
          'salvaLembrete',
          {
            idLembrete: made.idLembrete,
            titulo: 'Meu',
            dtLembrete: inSeconds(7_200),
            recorrencia: 'NENHUMA',
          },
        ],
      ] as const) {
        const response = await t.call(name, input, { cookie });
        expect(response.statusCode, name).toBe(404);
        expect(response.json(), name).toEqual({
          message: 'Registro não encontrado.',
          error_code: 'NOT_FOUND',
        });
      }
      expect((await listedReminders(t, cookie)).map((item) => item.idLembrete)).not.toContain(
        made.idLembrete,
      );
    }
    expect(await storedRow(made.idLembrete)).toEqual(stored);
  });

  it('snoozes by 10, 60 or 1440 minutes only, queueing the new time', async () => {
    const made = await savedReminder(t, maria, { titulo: 'Beber água' });
    const refused = await t.call(
      'adiaLembrete',
      { idLembrete: made.idLembrete, minutos: 15 },
      { cookie: maria },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.minutos).toEqual(['Adie por 10 minutos, 1 hora ou 1 dia']);
    const asked = Date.now();
    const snoozed = await t.call(
      'adiaLembrete',
      { idLembrete: made.idLembrete, minutos: 60 },
      { cookie: maria },
    );
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    const next = new Date(snoozed.json().data.lembrete.dtProximaOcorrencia as string).getTime();
    expect(next).toBeGreaterThanOrEqual(asked + 3_600_000);
    expect(next).toBeLessThan(Date.now() + 3_600_000 + 1);
    expect(await queuedFires(t, made.idLembrete)).toContain(new Date(next).toISOString());
  });
});

describe('firing', () => {
  it('tells the bell once at its time and e-mails when asked; snoozing from there queues it again', async () => {
    const made = await savedReminder(t, maria, {
      titulo: 'Enviar a proposta',
      descricao: 'Cliente Aurora',
      dtLembrete: inSeconds(3),
      flEmail: 'S',
    });
    await vi.waitFor(
      async () => expect(await reminderNotifications(t, maria, made.idLembrete)).toHaveLength(1),
      waitLong,
    );
    const [notification] = await reminderNotifications(t, maria, made.idLembrete);
    expect(notification).toMatchObject({ titulo: 'Enviar a proposta', texto: 'Cliente Aurora', flLida: 'N' });
    await vi.waitFor(
      () =>
        expect(
          smtp.messages.filter((message) => message.subject === 'Lembrete: Enviar a proposta'),
        ).toHaveLength(1),
      waitLong,
    );
    const email = smtp.messages.find((message) => message.subject === 'Lembrete: Enviar a proposta')!;
    expect(email.to?.[0]?.address).toBe(mariaEmail);
    expect(email.text).toContain('Cliente Aurora');
    expect(email.text).toContain(`/painel/exemplo/lembrete?idLembrete=${made.idLembrete}`);
    const [fired] = (await listedReminders(t, maria, 'PASSADOS')).filter(
      (item) => item.idLembrete === made.idLembrete,
    );
    expect(fired).toMatchObject({
      dtProximaOcorrencia: null,
      dtUltimaOcorrencia: made.dtLembrete,
      flConcluido: 'N',
    });

    // Snoozed from the bell, it is upcoming again and its new time is queued.
    const snoozed = await t.call(
      'adiaLembrete',
      { idLembrete: made.idLembrete, minutos: 10 },
      { cookie: maria },
    );
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    expect((await listedReminders(t, maria, 'PROXIMOS')).map((item) => item.idLembrete)).toContain(
      made.idLembrete,
    );
    expect(await queuedFires(t, made.idLembrete)).toEqual([snoozed.json().data.lembrete.dtProximaOcorrencia]);

    await settle();
    expect(await reminderNotifications(t, maria, made.idLembrete)).toHaveLength(1);
    expect(smtp.messages.filter((message) => message.subject === 'Lembrete: Enviar a proposta')).toHaveLength(
      1,
    );
  }, 60_000);

  it('writes the e-mail and the bell in the language the person last used the portal in', async () => {
    const { db } = t.database;
    const company = await makeCompany(db);
    const people = await Promise.all(
      (['en', 'es'] as const).map(async (language) => {
        const person = await makePerson(db, { companyId: company.companyId, name: `Ana ${language}` });
        const cookie = await t.signIn(person.email, factoryPassword);
        // Saved from a portal in this language: the person's language from then on.
        const made = await savedReminder(
          t,
          cookie,
          { titulo: `Standup ${language}`, dtLembrete: inSeconds(3), flEmail: 'S' },
          language,
        );
        return { language, cookie, made };
      }),
    );
    const subjects = ['Reminder: Standup en', 'Recordatorio: Standup es'];
    await vi.waitFor(
      () =>
        expect(smtp.messages.filter((message) => subjects.includes(message.subject ?? ''))).toHaveLength(2),
      waitLong,
    );
    // São Paulo keeps UTC-3 all year.
    const saoPaulo = (iso: string) => {
      const local = new Date(new Date(iso).getTime() - 3 * 3_600_000).toISOString();
      return {
        day: local.slice(8, 10),
        month: local.slice(5, 7),
        year: local.slice(0, 4),
        time: local.slice(11, 16),
      };
    };
    const en = saoPaulo(people[0]!.made.dtLembrete);
    const es = saoPaulo(people[1]!.made.dtLembrete);
    const english = smtp.messages.find((message) => message.subject === 'Reminder: Standup en')!;
    expect(english.text).toContain('Hello, Ana en!');
    expect(english.text).toContain(`Your reminder for ${en.month}/${en.day}/${en.year} ${en.time} is due:`);
    expect(english.html).toContain('See my reminders');
    const spanish = smtp.messages.find((message) => message.subject === 'Recordatorio: Standup es')!;
    expect(spanish.text).toContain('¡Hola, Ana es!');
    expect(spanish.text).toContain(`Llegó tu recordatorio del ${es.day}/${es.month}/${es.year} ${es.time}:`);
    expect(spanish.html).toContain('Ver mis recordatorios');
  }, 60_000);

  it('fires nothing once concluded, deleted or moved before its time', async () => {
    const concluded = await savedReminder(t, joao, { titulo: 'Concluído antes', dtLembrete: inSeconds(3) });
    const deleted = await savedReminder(t, joao, { titulo: 'Excluído antes', dtLembrete: inSeconds(3) });
    const moved = await savedReminder(t, joao, { titulo: 'Movido antes', dtLembrete: inSeconds(3) });
    const kept = await savedReminder(t, joao, { titulo: 'Mantido', dtLembrete: inSeconds(3) });
    await t.call('concluiLembrete', { idLembrete: concluded.idLembrete }, { cookie: joao });
    await t.call('excluiLembrete', { idLembrete: deleted.idLembrete }, { cookie: joao });
    await savedReminder(t, joao, {
      idLembrete: moved.idLembrete,
      titulo: 'Movido antes',
      dtLembrete: inSeconds(3_600),
    });
    await vi.waitFor(
      async () => expect(await reminderNotifications(t, joao, kept.idLembrete)).toHaveLength(1),
      waitLong,
    );
    await settle();
    for (const made of [concluded, deleted, moved]) {
      expect(await reminderNotifications(t, joao, made.idLembrete), made.titulo).toEqual([]);
    }
  }, 60_000);

  it('the sweep fires a reminder written without its job (as the demo seed writes them)', async () => {
    const [person] = await t.database.db
      .select({ companyId: reminders.companyId, userId: reminders.userId })
      .from(reminders)
      .where(eq(reminders.id, (await savedReminder(t, joao, { titulo: 'Dono' })).idLembrete));
    const at = new Date(Date.now() + 2_000);
    const [row] = await t.database.db
      .insert(reminders)
      .values({ ...person!, title: 'Sem job', remindAt: at, nextAt: at, recurrence: 'NENHUMA' })
      .returning({ id: reminders.id });
    expect(await queuedFires(t, row!.id)).toEqual([]);
    await t.app.jobs.send('reminder-sweep', {});
    await vi.waitFor(
      async () => expect(await reminderNotifications(t, joao, row!.id)).toHaveLength(1),
      waitLong,
    );
    await t.app.jobs.send('reminder-sweep', {});
    await settle();
    expect(await reminderNotifications(t, joao, row!.id)).toHaveLength(1);
  }, 60_000);

  it('a mail server that refuses the e-mail loses no notification', async () => {
    await smtp.close();
    try {
      const made = await savedReminder(t, maria, {
        titulo: 'Sem e-mail hoje',
        dtLembrete: inSeconds(3),
        flEmail: 'S',
      });
      await vi.waitFor(
        async () => expect(await reminderNotifications(t, maria, made.idLembrete)).toHaveLength(1),
        waitLong,
      );
    } finally {
      smtp = await startSmtpCatcher(Number(new URL(smtp.url).port));
    }
  }, 60_000);
});
