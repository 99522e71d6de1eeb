import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeePermissions } from '@elo/contract/enums';
import {
  accountDeletionRequests,
  chatAttachments,
  hrTicketAttachments,
  hrTicketMessages,
  hrTickets,
  reminders,
} from '../../db/schema/all.ts';
import { factoryPassword, makeCompany, makePerson } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { answerTicket, attachment, makeSubject, openedTicket, pdf, png } from '../hr-tickets/test-support.ts';

// An erasure that erases (issue 27): every module's declared erasure runs in one transaction, and
// the files nobody references any more leave storage.

let t: TestApp;
let companyId: number;
let masterCookie: string;

const fileOf = (url: string) =>
  path.join(t.dataDir, 'media', url.replace('/backend/midia/', '').split('?')[0]!);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const company = await makeCompany(t.database.db);
  companyId = company.companyId;
  masterCookie = await t.signIn(company.master.email, factoryPassword);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('an erasure', () => {
  it(
    'takes the reminders, the HR messages and files, the chat files and the request’s comment of the person',
    { timeout: 90_000 },
    async () => {
      const { db } = t.database;
      const person = await makePerson(db, {
        companyId,
        permissions: employeePermissions,
        name: 'Sofia Prado',
      });
      const cookie = await t.signIn(person.email, factoryPassword);
      // A reminder a minute away, which must never fire after the erasure.
      const reminder = await t.call(
        'salvaLembrete',
        {
          titulo: 'Consulta médica',
          dtLembrete: new Date(Date.now() + 60_000).toISOString(),
          recorrencia: 'DIARIA',
        },
        { cookie },
      );
      expect(reminder.statusCode, reminder.body).toBe(200);
      // An HR ticket with a medical certificate, and HR's answer to it.
      const subject = await makeSubject(db, { companyId, name: 'Atestados' });
      const ticket = await openedTicket(t, cookie, { idAssunto: subject, mensagem: 'Segue meu atestado' }, [
        attachment('atestado.pdf', 'application/pdf', pdf()),
      ]);
      const answered = await answerTicket(t, masterCookie, {
        idChamado: ticket.idChamado,
        mensagem: 'Recebido, obrigado',
      });
      expect(answered.statusCode, answered.body).toBe(200);
      const [certificate] = await db
        .select({ key: hrTicketAttachments.storageKey })
        .from(hrTicketAttachments)
        .innerJoin(hrTicketMessages, eq(hrTicketMessages.id, hrTicketAttachments.messageId))
        .where(eq(hrTicketMessages.ticketId, ticket.idChamado));
      const certificateFile = path.join(t.dataDir, 'media', certificate!.key);
      expect(existsSync(certificateFile)).toBe(true);
      // A file sent to the chat.
      const upload = await t.callMultipart('enviaAnexoChat', {
        cookie,
        files: [{ field: 'file', name: 'foto.png', type: 'image/png', body: await png() }],
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const chatFile = fileOf(upload.json().data.anexo.urlArquivo);
      expect(existsSync(chatFile)).toBe(true);

      const asked = await t.call(
        'solicitaExclusaoConta',
        { comentario: 'Tenho um problema de saúde' },
        { cookie },
      );
      const requestId: number = asked.json().data.idSolicitacao;
      const forced = await t.call(
        'efetivaSolicitacaoExclusaoAdmin',
        { idSolicitacao: requestId },
        { cookie: masterCookie },
      );
      expect(forced.statusCode, forced.body).toBe(200);
      const status = async () =>
        (
          await db
            .select({ status: accountDeletionRequests.status, comment: accountDeletionRequests.comment })
            .from(accountDeletionRequests)
            .where(eq(accountDeletionRequests.id, requestId))
        )[0];
      await expect
        .poll(async () => (await status())?.status, { timeout: 30_000, interval: 200 })
        .toBe('EXCLUIDA');

      // The request keeps its status and dates, not what the person wrote.
      expect((await status())?.comment).toBe('');
      // No reminder left to fire.
      expect(await db.select().from(reminders).where(eq(reminders.userId, person.id))).toEqual([]);
      // The ticket stays for HR's statistics, without what the person wrote or sent.
      const messages = await db
        .select({ body: hrTicketMessages.body, fromHr: hrTicketMessages.fromHr })
        .from(hrTicketMessages)
        .where(eq(hrTicketMessages.ticketId, ticket.idChamado));
      expect(messages).toEqual([{ body: 'Recebido, obrigado', fromHr: true }]);
      expect(await db.select().from(hrTickets).where(eq(hrTickets.id, ticket.idChamado))).toHaveLength(1);
      // The files leave storage just after the erasure's transaction commits.
      await expect.poll(() => existsSync(certificateFile), { timeout: 10_000 }).toBe(false);
      const seenByHr = await t.call(
        'consultaChamadoAdmin',
        { idChamado: ticket.idChamado },
        { cookie: masterCookie },
      );
      expect(seenByHr.statusCode, seenByHr.body).toBe(200);
      expect(seenByHr.body).not.toContain('atestado');
      expect(seenByHr.body).not.toContain('Sofia');
      // The chat file is gone from the table and from storage.
      expect(
        await db
          .select()
          .from(chatAttachments)
          .where(and(eq(chatAttachments.companyId, companyId), eq(chatAttachments.uploaderId, person.id))),
      ).toEqual([]);
      await expect.poll(() => existsSync(chatFile), { timeout: 10_000 }).toBe(false);
    },
  );
});
