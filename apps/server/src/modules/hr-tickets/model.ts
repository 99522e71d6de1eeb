import { hrAttachmentTypes, type TicketStatusValue } from '@elo/contract/calls/hr-tickets';
import { hrLimits } from '@elo/contract/calls/hr-limits';
import { NotificationType } from '@elo/contract/enums';
import { hasVisibleText } from '@elo/contract/text';
import type { Database } from '../../db/client.ts';
import type { FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import type { MailSender } from '../../platform/mail.ts';
import { loadBusinessCalendar, type BusinessCalendar } from '../hr-settings/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { NewAttachment, NewMessage } from './ticket.ts';

/*
 * What the HR tickets' use cases (employee.ts, administration.ts, report.ts, jobs.ts) run on, and
 * what several of them share: the attachments' checks, the audit target, the requester's bell.
 */

/** The module as its use cases take it: its dependencies and its clock. */
export interface HrTicketsModule {
  db: Database;
  jobs: JobQueue;
  notifications: Pick<NotificationsService, 'notify'>;
  mail: MailSender;
  publicUrl: string;
  log: Logger;
  /** The clock (tests move it). */
  now: () => Date;
}

/** Calendars loaded once per company per call or scan. */
export function calendarsOf(module: HrTicketsModule) {
  const loaded = new Map<number, Promise<BusinessCalendar>>();
  return (companyId: number) => {
    let calendar = loaded.get(companyId);
    if (!calendar) {
      calendar = loadBusinessCalendar(module.db, companyId);
      loaded.set(companyId, calendar);
    }
    return calendar;
  };
}

const allowedTypes = new Set<string>(hrAttachmentTypes);

/** What is wrong with a message's files: PDF, PNG or JPEG by content, 10 MB each. */
export function attachmentProblems(files: UploadedFile[]): FieldMessage[] {
  const problems: FieldMessage[] = [];
  if (files.some((file) => !allowedTypes.has(file.mimeType))) problems.push('validation.hrAttachmentInvalid');
  if (files.some((file) => file.sizeBytes > hrLimits.attachmentBytesMax))
    problems.push({
      key: 'validation.hrAttachmentTooLarge',
      params: { max: hrLimits.attachmentBytesMax / 1024 / 1024 },
    });
  return problems;
}

/** What is wrong with a message someone writes on a ticket, by wire field (none: an empty object). */
export function messageProblems(message: { message: string; files: UploadedFile[] }) {
  const problems: Record<string, FieldMessage[]> = {};
  if (!hasVisibleText(message.message)) problems.mensagem = ['validation.required'];
  const fileProblems = attachmentProblems(message.files);
  if (fileProblems.length > 0) problems.anexos = fileProblems;
  return problems;
}

/** A message's files as they are stored. */
export const attachmentValues = (files: UploadedFile[]): NewAttachment[] =>
  files.map((file) => ({
    storageKey: file.key,
    // The name is for display and the download only: never a path.
    fileName: (file.fileName || 'anexo').slice(0, 255),
    contentType: file.mimeType,
    sizeBytes: file.sizeBytes,
  }));

/** A message the caller writes on a ticket now, with its files, as it is stored. */
export const writtenMessage = (
  scope: { companyId: number; userId: number },
  ticketId: number,
  message: { body: string; files: UploadedFile[]; fromHr: boolean; internal: boolean },
  now: Date,
): NewMessage => ({
  companyId: scope.companyId,
  ticketId,
  authorId: scope.userId,
  fromHr: message.fromHr,
  internal: message.internal,
  body: message.body,
  createdAt: now,
  attachments: attachmentValues(message.files),
});

/** A ticket as the audit log names it. */
export const auditTarget = (ticket: { id: number; protocol: string }) => ({
  type: 'hr_ticket',
  id: ticket.id,
  name: ticket.protocol,
});

/** The portal's page of a ticket for its requester, and HR's. */
export const requesterLink = (ticketId: number) => `/painel/fale-rh?idChamado=${ticketId}`;
export const hrPortalLink = (ticketId: number) => `/admin/portal-rh?idChamado=${ticketId}`;

const excerpt = (text: string) => {
  const plain = text.replace(/\s+/g, ' ').trim();
  return [...plain].length > 160 ? `${[...plain].slice(0, 159).join('')}…` : plain;
};

/** Tells the requester (bell, live) that HR answered or moved their ticket. */
export async function tellRequester(
  module: HrTicketsModule,
  ticket: { companyId: number; id: number; protocol: string; requesterId: number },
  what: { answer: string | null; status: TicketStatusValue | null },
): Promise<void> {
  await module.notifications.notify({
    companyId: ticket.companyId,
    userIds: [ticket.requesterId],
    type: NotificationType.hrTicketAnswer,
    title: (t) =>
      what.answer !== null
        ? t('bell.hrAnswered', { protocol: ticket.protocol })
        : t('bell.hrStatusTitle', { protocol: ticket.protocol, status: t(`bell.hrStatus.${what.status!}`) }),
    body:
      what.answer !== null
        ? excerpt(what.answer)
        : (t) => t('bell.hrStatusBody', { status: t(`bell.hrStatus.${what.status!}`) }),
    link: requesterLink(ticket.id),
    // HR's answers and moves on one ticket, while unread, are one entry: the newest says it.
    group: { key: `hr-ticket:${ticket.id}` },
  });
}
