import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogItems } from './catalog.ts';
import { companyId, createdAt, recordVersion } from './columns.ts';
import { userId, users } from './users.ts';

/** A column pointing at a person that outlives them (emptied when their account is deleted). */
const personId = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/*
 * HR contact (issue 16): tickets an employee opens with HR under a subject (the ASSUNTO_CHAMADO
 * catalogue), their messages and attachments, canned answers, the SLA of each subject in business
 * hours on the company's calendar, and the employees' personal reminders.
 */

/** A ticket subject's HR settings: confidentiality and its SLA targets, in business minutes. */
export const hrSubjectSettings = pgTable(
  'hr_subject_settings',
  {
    subjectId: integer('subject_id')
      .primaryKey()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    /** Seen only by the administrators assigned to the subject; every read is audited. */
    confidential: boolean('confidential').notNull().default(false),
    /** First-response target in business minutes (null: no target). */
    firstResponseMinutes: integer('first_response_minutes'),
    /** Resolution target in business minutes (null: no target). */
    resolutionMinutes: integer('resolution_minutes'),
  },
  (t) => [
    index('hr_subject_settings_company_idx').on(t.companyId),
    check(
      'hr_subject_settings_first_response',
      sql`${t.firstResponseMinutes} is null or ${t.firstResponseMinutes} > 0`,
    ),
    check(
      'hr_subject_settings_resolution',
      sql`${t.resolutionMinutes} is null or ${t.resolutionMinutes} > 0`,
    ),
  ],
);

/**
 * The company's working calendar for the SLA: the weekdays worked (0 Sunday to 6 Saturday) and the
 * working hours, in America/Sao_Paulo unless the company says otherwise. A company without a row
 * works Monday to Friday, 08:00 to 18:00.
 */
export const hrCalendars = pgTable('hr_calendars', {
  companyId: companyId().primaryKey(),
  /** Worked weekdays as digits, '12345' for Monday to Friday. */
  workingDays: varchar('working_days', { length: 7 }).notNull().default('12345'),
  /** Start and end of the working day, minutes after midnight. */
  dayStartMinute: smallint('day_start_minute').notNull().default(480),
  dayEndMinute: smallint('day_end_minute').notNull().default(1080),
  timeZone: varchar('time_zone', { length: 64 }).notNull().default('America/Sao_Paulo'),
  /** Whether Brazil's national holidays (from the holidays library) are days off. */
  nationalHolidays: boolean('national_holidays').notNull().default(true),
  /**
   * Bumped by every save of the calendar: its `versao`. A company without a row keeps the default
   * calendar, read as version 1, so its first save writes version 2.
   */
  version: recordVersion(),
});

/** The company's own days off, besides the national holidays. */
export const hrHolidays = pgTable(
  'hr_holidays',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    /** Bumped by every edit of the holiday: its `versao`. */
    version: recordVersion(),
  },
  (t) => [uniqueIndex('hr_holidays_company_day_unique').on(t.companyId, t.day)],
);

/** An employee's ticket with HR. */
export const hrTickets = pgTable(
  'hr_tickets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    /** The readable protocol number, unique in the company: year and sequence (2026-000123). */
    protocol: varchar('protocol', { length: 20 }).notNull(),
    requesterId: userId('requester_id'),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'restrict' }),
    /**
     * Confidential for life: the subject the ticket was opened under when that subject was
     * confidential (null otherwise), fixed at the opening. Only the administrators assigned to it
     * see the ticket, whatever later happens to its flag or to the ticket's subject.
     */
    confidentialSubjectId: integer('confidential_subject_id').references(() => catalogItems.id, {
      onDelete: 'restrict',
    }),
    /** ABERTO, EM_ANDAMENTO, AGUARDANDO_COLABORADOR, RESOLVIDO or FECHADO. */
    status: varchar('status', { length: 24 }).notNull().default('ABERTO'),
    /** The responsible administrator (null: nobody yet). */
    assigneeId: personId('assignee_id'),
    openedAt: createdAt('opened_at'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** HR's first message the employee sees. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the ticket started waiting for the employee (the SLA clock is paused meanwhile). */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Business minutes spent waiting for the employee so far (they push the deadlines). */
    pausedMinutes: integer('paused_minutes').notNull().default(0),
    /** The deadlines, in business hours from the opening plus the paused time (null: no target). */
    firstResponseDue: timestamp('first_response_due', { withTimezone: true }),
    resolutionDue: timestamp('resolution_due', { withTimezone: true }),
    /** When the responsible administrator was warned at 75% of each target (once each). */
    firstResponseWarnedAt: timestamp('first_response_warned_at', { withTimezone: true }),
    resolutionWarnedAt: timestamp('resolution_warned_at', { withTimezone: true }),
    /** When the employee last read the ticket: HR's later messages are unread. */
    requesterReadAt: timestamp('requester_read_at', { withTimezone: true }).notNull().defaultNow(),
    /** HR's last message the employee can see (internal notes excluded). */
    lastHrMessageAt: timestamp('last_hr_message_at', { withTimezone: true }),
    /** The employee's satisfaction, 1 to 5, once the ticket is resolved. */
    rating: smallint('rating'),
    ratingComment: varchar('rating_comment', { length: 1000 }),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('hr_tickets_company_protocol_unique').on(t.companyId, t.protocol),
    index('hr_tickets_requester_idx').on(t.requesterId, t.lastMessageAt.desc()),
    index('hr_tickets_company_status_idx').on(t.companyId, t.status, t.lastMessageAt.desc()),
    index('hr_tickets_subject_idx').on(t.subjectId),
    // The audit log's masking lists a company's confidential tickets.
    index('hr_tickets_confidential_idx')
      .on(t.companyId, t.confidentialSubjectId)
      .where(sql`${t.confidentialSubjectId} is not null`),
    // The unread count of sign-in: the person's tickets with an HR message after their last read.
    index('hr_tickets_requester_unread_idx')
      .on(t.requesterId)
      .where(sql`${t.lastHrMessageAt} > ${t.requesterReadAt}`),
    check(
      'hr_tickets_status',
      sql`${t.status} in ('ABERTO', 'EM_ANDAMENTO', 'AGUARDANDO_COLABORADOR', 'RESOLVIDO', 'FECHADO')`,
    ),
    check('hr_tickets_rating', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/** A message of a ticket: the employee's or HR's; HR's internal notes never reach the employee. */
export const hrTicketMessages = pgTable(
  'hr_ticket_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    ticketId: bigint('ticket_id', { mode: 'number' })
      .notNull()
      .references(() => hrTickets.id, { onDelete: 'cascade' }),
    authorId: personId('author_id'),
    /** Written by HR (an administrator), not by the requester. */
    fromHr: boolean('from_hr').notNull().default(false),
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hr_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id)],
);

/** A file attached to a ticket's message (PDF, PNG, JPG or JPEG). */
export const hrTicketAttachments = pgTable(
  'hr_ticket_attachments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => hrTicketMessages.id, { onDelete: 'cascade' }),
    /** The storage key, `<companyId>/hr/<uuid>.<ext>`. */
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
  },
  (t) => [
    index('hr_ticket_attachments_message_idx').on(t.messageId),
    uniqueIndex('hr_ticket_attachments_key_unique').on(t.storageKey),
  ],
);

/** A canned answer HR picks while answering; tied to a subject or to all (null). */
export const hrCannedAnswers = pgTable(
  'hr_canned_answers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    subjectId: integer('subject_id').references(() => catalogItems.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 120 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hr_canned_answers_company_idx').on(t.companyId, t.subjectId)],
);

/** A person's reminder (/painel/exemplo/lembrete), fired at its minute through the job queue. */
export const reminders = pgTable(
  'reminders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    userId: userId(),
    title: varchar('title', { length: 120 }).notNull(),
    description: varchar('description', { length: 1000 }),
    /** The first occurrence, as the person set it. */
    remindAt: timestamp('remind_at', { withTimezone: true }).notNull(),
    /** NENHUMA, DIARIA, SEMANAL or MENSAL. */
    recurrence: varchar('recurrence', { length: 8 }).notNull().default('NENHUMA'),
    /** Also by e-mail when it fires. */
    email: boolean('email').notNull().default(false),
    done: boolean('done').notNull().default(false),
    /** The occurrence the job waits for (null once a one-off fired or the reminder is done). */
    nextAt: timestamp('next_at', { withTimezone: true }),
    /** The last occurrence that fired (the job's once-only guard). */
    lastFiredAt: timestamp('last_fired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reminders_user_next_idx').on(t.userId, t.nextAt),
    check('reminders_recurrence', sql`${t.recurrence} in ('NENHUMA', 'DIARIA', 'SEMANAL', 'MENSAL')`),
  ],
);
