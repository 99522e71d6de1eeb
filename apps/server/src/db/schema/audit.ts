import { bigint, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { companies } from './companies.ts';

/** What changed in one field: its value before and after (never a secret). */
export type AuditChange = { antes: unknown; depois: unknown };

/**
 * The audit log: every administration write and every security event, written in the same
 * transaction as the change. Append-only: triggers refuse UPDATE (migration 0008), DELETE and
 * TRUNCATE (0024), and its company cannot be deleted while it has entries (the foreign key
 * restricts instead of cascading, 0024). The actor is kept by id and by name, so an entry still
 * reads right after the person is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    // Not the tenant column's cascade: a company that has entries cannot be deleted.
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The person who acted; null for an anonymous security event (a failed sign-in of no account). */
    actorUserId: integer('actor_user_id'),
    actorName: varchar('actor_name', { length: 160 }),
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 40 }),
    targetId: varchar('target_id', { length: 40 }),
    targetName: varchar('target_name', { length: 200 }),
    changes: jsonb('changes').$type<Record<string, AuditChange>>(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: createdAt('created_at'),
  },
  (t) => [
    index('audit_log_company_time_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_company_actor_idx').on(t.companyId, t.actorUserId, t.createdAt.desc()),
    index('audit_log_company_action_idx').on(t.companyId, t.action, t.createdAt.desc()),
  ],
);
