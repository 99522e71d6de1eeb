import type { TicketStatusValue } from '@elo/contract/calls/hr-tickets';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';

/*
 * HR tickets in the domain's words: what the use cases take and give and the repository reads and
 * writes (booleans, Dates, English names). The wire's shapes are wire.ts's.
 */

/** Who calls: their company and themselves. */
export interface TicketScope {
  companyId: number;
  userId: number;
}

/** An administrator who calls the HR portal: also their statuses, for the record rules (policy.ts). */
export interface HrScope extends TicketScope {
  adminPermissions: AdminStatuses;
}

/** Someone on a ticket, with their photo's storage key. */
export interface TicketPerson {
  id: number;
  name: string;
  photoKey: string | null;
}

/** A ticket as its requester's screens show it. */
export interface EmployeeTicket {
  id: number;
  protocol: string;
  subjectId: number;
  subjectName: string;
  status: TicketStatusValue;
  openedAt: Date;
  lastMessageAt: Date;
  /** An HR message the requester has not read yet. */
  unread: boolean;
  resolvedAt: Date | null;
  rating: number | null;
  ratingComment: string | null;
}

/** A ticket as HR's screens show it. */
export interface AdminTicket {
  id: number;
  companyId: number;
  protocol: string;
  subjectId: number;
  subjectName: string;
  confidential: boolean;
  status: TicketStatusValue;
  requester: TicketPerson & { email: string | null; sector: string | null };
  assignee: TicketPerson | null;
  openedAt: Date;
  lastMessageAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  /** Set while the SLA clock is paused (waiting for the employee). */
  pausedAt: Date | null;
  firstResponseDue: Date | null;
  resolutionDue: Date | null;
  /** A target is missed, or will be: its deadline passed with its event still missing. */
  overdue: boolean;
  rating: number | null;
  ratingComment: string | null;
}

/** A file of a message. */
export interface TicketAttachment {
  id: number;
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** A message of a ticket; its author is null when their account no longer exists. */
export interface TicketMessage {
  id: number;
  author: TicketPerson | null;
  fromHr: boolean;
  internal: boolean;
  body: string;
  sentAt: Date;
  attachments: TicketAttachment[];
}

/** A ticket with the messages its requester sees (never an internal note). */
export interface OwnTicket {
  ticket: EmployeeTicket;
  messages: TicketMessage[];
}

/** A ticket with every message, internal notes included, as HR reads it. */
export interface HrTicket {
  ticket: AdminTicket;
  messages: TicketMessage[];
}

/** What HR's list filters by. */
export interface AdminTicketFilter {
  status?: TicketStatusValue | undefined;
  subjectId?: number | undefined;
  assigneeId?: number | undefined;
  /** Words in the protocol, the requester's name or any message (accents and case ignored). */
  search?: string | undefined;
  overdue?: boolean | undefined;
  /** Only tickets still open (ABERTO, EM_ANDAMENTO, AGUARDANDO_COLABORADOR). */
  open?: boolean | undefined;
}

/** The HR administrator's open work: open tickets they see, of them the late ones and their own. */
export interface HrWorkSummary {
  open: number;
  late: number;
  mine: number;
}

/** What a change of a ticket decides on, locked until the transaction ends. */
export interface LockedTicket {
  id: number;
  companyId: number;
  protocol: string;
  requesterId: number;
  subjectId: number;
  status: TicketStatusValue;
  assigneeId: number | null;
  openedAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  closedAt: Date | null;
  pausedAt: Date | null;
  pausedMinutes: number;
  firstResponseDue: Date | null;
  resolutionDue: Date | null;
  rating: number | null;
}

/** What a change writes on a ticket (absent: unchanged). */
export type TicketValues = Partial<{
  status: TicketStatusValue;
  assigneeId: number | null;
  lastMessageAt: Date;
  firstResponseAt: Date | null;
  resolvedAt: Date | null;
  closedAt: Date | null;
  pausedAt: Date | null;
  pausedMinutes: number;
  firstResponseDue: Date | null;
  resolutionDue: Date | null;
  requesterReadAt: Date;
  lastHrMessageAt: Date | null;
  rating: number | null;
  ratingComment: string | null;
  ratedAt: Date | null;
}>;

/** A ticket as it is opened. */
export interface NewTicket {
  companyId: number;
  protocol: string;
  requesterId: number;
  subjectId: number;
  /** The subject it was opened under when that was confidential (it stays so for life). */
  confidentialSubjectId: number | null;
  openedAt: Date;
  lastMessageAt: Date;
  requesterReadAt: Date;
  firstResponseDue: Date | null;
  resolutionDue: Date | null;
}

/** A file to attach to a message. */
export interface NewAttachment {
  storageKey: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/** A message as it is written, with its files. */
export interface NewMessage {
  companyId: number;
  ticketId: number;
  authorId: number;
  fromHr: boolean;
  internal: boolean;
  body: string;
  createdAt: Date;
  attachments: NewAttachment[];
}

/** The employee opens a ticket: a subject, the first message and its files. */
export interface TicketOpening {
  subjectId: number;
  message: string;
  files: UploadedFile[];
}

/** The requester writes on their ticket. */
export interface RequesterMessage {
  ticketId: number;
  message: string;
  files: UploadedFile[];
}

/** The requester rates their ticket, 1 to 5. */
export interface TicketRating {
  ticketId: number;
  score: number;
  comment?: string | undefined;
}

/** HR writes on a ticket: an answer the requester sees, or an internal note. */
export interface HrReply {
  ticketId: number;
  message: string;
  internal: boolean;
  /** The status the ticket moves to with it (a public answer moves an open one to in progress by itself). */
  status?: TicketStatusValue | undefined;
  files: UploadedFile[];
}

/** One line of the SLA report: a subject's tickets of the month. */
export interface SlaReportLine {
  subjectId: number;
  subjectName: string;
  tickets: number;
  /** Median business minutes to the first response (null: no answered ticket). */
  medianFirstResponseMinutes: number | null;
  /** Tickets within both targets over tickets with a target, 0 to 100 (null: none with a target). */
  withinSlaPercent: number | null;
  /** Mean rating, 1 to 5 (null: no rating). */
  meanRating: number | null;
  ratings: number;
}

/** The SLA report of a month (YYYY-MM). */
export interface SlaReport {
  month: string;
  lines: SlaReportLine[];
}
