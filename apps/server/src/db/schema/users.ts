import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt } from './columns.ts';

/** People of a company: employees and administrators alike. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyId(),
    name: varchar('name', { length: 160 }).notNull(),
    email: varchar('email', { length: 254 }),
    matricula: varchar('matricula', { length: 40 }),
    /** EMAIL or MATRICULA: which of the two the user signs in with. */
    loginType: varchar('login_type', { length: 10 }).notNull().default('EMAIL'),
    passwordHash: text('password_hash').notNull(),
    /** Created with a provisional password and not yet through first access. */
    firstAccessPending: boolean('first_access_pending').notNull().default(false),
    active: boolean('active').notNull().default(true),
    isAdministrator: boolean('is_administrator').notNull().default(false),
    birthDate: date('birth_date'),
    admissionDate: date('admission_date'),
    mobilePhone: varchar('mobile_phone', { length: 20 }),
    photoKey: text('photo_key'),
    profileText: varchar('profile_text', { length: 500 }),
    unit: varchar('unit', { length: 120 }),
    branch: varchar('branch', { length: 120 }),
    sector: varchar('sector', { length: 120 }),
    jobTitle: varchar('job_title', { length: 120 }),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }),
    createdAt: createdAt('created_at'),
  },
  (t) => [
    // An e-mail signs one person in, whatever the company: logins carry no company.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_company_matricula_unique').on(t.companyId, t.matricula),
    index('users_matricula_idx').on(t.matricula),
    index('users_company_name_idx').on(t.companyId, t.name),
  ],
);

/** A column pointing at a person; their rows go with them. */
export const userId = (name = 'user_id') =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Permission strings granted to a user (spec section 6). */
export const userPermissions = pgTable(
  'user_permissions',
  {
    companyId: companyId(),
    userId: userId(),
    permission: varchar('permission', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);

/**
 * An administrator's status for one administration permission: L reads, E reads and edits; a
 * permission without a row is N. The company's master user holds every permission at E without rows.
 */
export const adminPermissions = pgTable(
  'admin_permissions',
  {
    companyId: companyId(),
    userId: userId(),
    permission: varchar('permission', { length: 64 }).notNull(),
    status: varchar('status', { length: 1 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.permission] }),
    check('admin_permissions_status', sql`${t.status} in ('L', 'E')`),
  ],
);
