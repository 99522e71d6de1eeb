import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  adminTicketGroups,
  adminTicketSubjects,
  auditLog,
  hrSubjectSettings,
  hrTicketAttachments,
  hrTicketMessages,
  hrTickets,
} from '../../db/schema/all.ts';
import { makeCatalogItem } from '../../test/factories.ts';
import type { MultipartFile, TestApp } from '../../test/harness.ts';

/** A small PDF as a browser would send it. */
export function pdf(size = 2048): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  const body = Buffer.alloc(Math.max(size, head.length + tail.length), 0x20);
  head.copy(body);
  tail.copy(body, body.length - tail.length);
  return body;
}

/** A PNG image. */
export function png(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}

/** A Windows executable's first bytes (what an .exe renamed .pdf still is). */
export function executable(): Buffer {
  const body = Buffer.alloc(4096, 0);
  body.write('MZ', 0, 'latin1');
  body.writeUInt32LE(0x80, 0x3c);
  body.write('PE\0\0', 0x80, 'latin1');
  return body;
}

/** A file of the attachments field. */
export const attachment = (name: string, type: string, body: Buffer): MultipartFile => ({
  field: 'anexos',
  name,
  type,
  body,
});

/** A ticket subject (ASSUNTO_CHAMADO) with its HR settings; SLA targets in business hours. */
export async function makeSubject(
  db: Database,
  options: {
    companyId: number;
    name: string;
    active?: boolean;
    confidential?: boolean;
    firstResponseHours?: number | null;
    resolutionHours?: number | null;
  },
): Promise<number> {
  const id = await makeCatalogItem(db, {
    companyId: options.companyId,
    kind: 'ASSUNTO_CHAMADO',
    name: options.name,
    active: options.active ?? true,
  });
  const minutes = (hours: number | null | undefined) =>
    hours === null || hours === undefined ? null : hours * 60;
  await db.insert(hrSubjectSettings).values({
    subjectId: id,
    companyId: options.companyId,
    confidential: options.confidential ?? false,
    firstResponseMinutes: minutes(options.firstResponseHours),
    resolutionMinutes: minutes(options.resolutionHours),
  });
  return id;
}

/** Assigns subjects and groups to an administrator, as the administrator form does. */
export async function assignToAdmin(
  db: Database,
  options: { companyId: number; userId: number; subjectIds?: number[]; groupIds?: number[] },
) {
  const { companyId, userId } = options;
  for (const itemId of options.subjectIds ?? [])
    await db.insert(adminTicketSubjects).values({ companyId, userId, itemId });
  for (const groupId of options.groupIds ?? [])
    await db.insert(adminTicketGroups).values({ companyId, userId, groupId });
}

/** Opens a ticket through the API. */
export function openTicket(
  t: TestApp,
  cookie: string,
  fields: { idAssunto: number | string; mensagem: string },
  files: MultipartFile[] = [],
) {
  return t.callMultipart('abreChamado', {
    cookie,
    fields: { idAssunto: String(fields.idAssunto), mensagem: fields.mensagem },
    files,
  });
}

/** Opens a ticket and returns its id and protocol. */
export async function openedTicket(
  t: TestApp,
  cookie: string,
  fields: { idAssunto: number; mensagem: string },
  files: MultipartFile[] = [],
): Promise<{ idChamado: number; protocolo: string }> {
  const response = await openTicket(t, cookie, fields, files);
  if (response.statusCode !== 200) throw new Error(`abreChamado ${response.statusCode}: ${response.body}`);
  return response.json().data;
}

/** HR writes on a ticket (an answer, or an internal note). */
export function answerTicket(
  t: TestApp,
  cookie: string,
  fields: { idChamado: number; mensagem: string; flNotaInterna?: 'S' | 'N'; status?: string },
  files: MultipartFile[] = [],
) {
  return t.callMultipart('respondeChamadoAdmin', {
    cookie,
    fields: {
      idChamado: String(fields.idChamado),
      mensagem: fields.mensagem,
      flNotaInterna: fields.flNotaInterna ?? 'N',
      ...(fields.status ? { status: fields.status } : {}),
    },
    files,
  });
}

/** What a refused call could leave behind in a company: tickets, messages, files, audit entries. */
export async function ticketTraces(t: TestApp, companyId: number) {
  const { db } = t.database;
  const count = async (query: Promise<{ total: number }[]>) => (await query)[0]?.total ?? 0;
  const folder = path.join(t.dataDir, 'media', String(companyId), 'hr');
  const files = await readdir(folder).catch(() => []);
  return {
    tickets: await count(
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(hrTickets)
        .where(eq(hrTickets.companyId, companyId)),
    ),
    messages: await count(
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(hrTicketMessages)
        .where(eq(hrTicketMessages.companyId, companyId)),
    ),
    attachments: await count(
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(hrTicketAttachments)
        .where(eq(hrTicketAttachments.companyId, companyId)),
    ),
    audits: await count(
      db
        .select({ total: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), sql`${auditLog.action} like 'hr_ticket_%'`)),
    ),
    storedFiles: files.length,
  };
}

/** The audit entries of one ticket, oldest first. */
export async function ticketAudits(t: TestApp, ticketId: number) {
  return t.database.db
    .select({ action: auditLog.action, actorUserId: auditLog.actorUserId, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'hr_ticket'), eq(auditLog.targetId, String(ticketId))))
    .orderBy(auditLog.id);
}

/** The e-mails written to the outbox (no SMTP server in tests). */
export async function outboxMails(t: TestApp): Promise<{ to: string; subject: string; text: string }[]> {
  const text = await readFile(path.join(t.dataDir, 'outbox.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { channel: string; to: string; subject: string; text: string })
    .filter((entry) => entry.channel === 'email');
}

/** Waits until a condition holds (a job's effect), polling; fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
