import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogItems } from './catalog.ts';
import { companyId, createdAt } from './columns.ts';
import { groups } from './groups.ts';
import { userId, users } from './users.ts';

/**
 * An employee's request to have their account deleted (issue 13): PENDENTE until an administrator
 * cancels it (CANCELADA) or forces the deletion (EM_EXCLUSAO while the job runs, then EXCLUIDA).
 * At most one open request per person.
 */
export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    userId: userId(),
    comment: varchar('comment', { length: 1000 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('PENDENTE'),
    requestedAt: createdAt('requested_at'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('account_deletion_requests_company_idx').on(t.companyId, t.status, t.requestedAt),
    uniqueIndex('account_deletion_requests_one_open')
      .on(t.userId)
      .where(sql`${t.status} in ('PENDENTE', 'EM_EXCLUSAO')`),
    check(
      'account_deletion_requests_status',
      sql`${t.status} in ('PENDENTE', 'CANCELADA', 'EM_EXCLUSAO', 'EXCLUIDA')`,
    ),
  ],
);

/** HR ticket subjects an administrator is assigned (administrator form, used by the HR portal). */
export const adminTicketSubjects = pgTable(
  'admin_ticket_subjects',
  {
    companyId: companyId(),
    userId: userId(),
    itemId: integer('item_id')
      .notNull()
      .references(() => catalogItems.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** Groups whose HR tickets an administrator is assigned (administrator form). */
export const adminTicketGroups = pgTable(
  'admin_ticket_groups',
  {
    companyId: companyId(),
    userId: userId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);
