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
import { catalogItemId } from './catalog.ts';
import { companyId, createdAt, recordVersion } from './columns.ts';

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
    /** Left out of the corporate TV's birthdays and work anniversaries ("Minha conta"). */
    hideCelebrations: boolean('hide_celebrations').notNull().default(false),
    mobilePhone: varchar('mobile_phone', { length: 20 }),
    photoKey: text('photo_key'),
    profileText: varchar('profile_text', { length: 500 }),
    /** Catalogue items (user settings): unit, branch, sector and position. */
    unitId: catalogItemId('unit_id'),
    branchId: catalogItemId('branch_id'),
    sectorId: catalogItemId('sector_id'),
    jobTitleId: catalogItemId('job_title_id'),
    /** An administrator not yet approved cannot enter the administration (flAprovado N). */
    approved: boolean('approved').notNull().default(true),
    /**
     * When the person's account was deleted for good (a forced deletion request): the row stays so
     * that what others see of their content reads 'Usuário removido'; personal data is erased.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    lastAccessAt: timestamp('last_access_at', { withTimezone: true }),
    /**
     * The language the person last used the portal in (pt-BR, en or es; the Accept-Language of
     * their calls): what is sent to them later (reminders, digests, HR answers) is written in it.
     * Null until their first call; read as Portuguese.
     */
    language: varchar('language', { length: 5 }),
    createdAt: createdAt('created_at'),
    /**
     * Bumped by every change of what the user and administrator forms edit (not by sign-ins,
     * passwords set by the person or photos): the forms' `versao`.
     */
    version: recordVersion(),
  },
  (t) => [
    // An e-mail signs one person in, whatever the company: logins carry no company.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_company_matricula_unique').on(t.companyId, t.matricula),
    index('users_matricula_idx').on(t.matricula),
    index('users_company_name_idx').on(t.companyId, t.name),
    index('users_unit_idx').on(t.unitId),
    index('users_branch_idx').on(t.branchId),
    index('users_sector_idx').on(t.sectorId),
    index('users_job_title_idx').on(t.jobTitleId),
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
