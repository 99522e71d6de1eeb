import type { LoginTypeValue } from '@elo/contract/enums';
import type { Logger } from '../../platform/logger.ts';
import type { Database } from '../../db/client.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { ruleMembershipsOf, type RuleMembership } from '../groups/service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MailSender } from '../../platform/mail.ts';
import { pageFrom, rowsOf, type Page, type PageQuery } from '../../platform/paging.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import type { PersonRecord } from './policy.ts';
import {
  countUsers,
  findUser,
  listGroupChoices,
  listUsers,
  listUsersForExport,
  type UserExportRow,
  type UserFilter,
  type UserRow,
  type UserSummaryRow,
  type UserValues,
} from './repo.ts';

/** Who calls: the administrator's company and themselves, with their statuses for the record rules. */
export interface UsersScope {
  companyId: number;
  userId: number;
  adminPermissions: AdminStatuses;
  /** The caller's own session: kept when they end their own sessions or set their own password. */
  sessionId?: number;
}

/** The user form's body: create (no id) or edit a person. */
export interface UserForm extends UserValues {
  id?: number | undefined;
  /** The version read with the record (edits only): a stale one writes nothing. */
  version?: number | undefined;
  loginType: LoginTypeValue;
  groupIds: number[];
  /** A new password (on create: the provisional one of first access). */
  password?: string | undefined;
  /** E-mail the first-access invitation as the save's last step. */
  sendInvitation: boolean;
}

/** An export holds at most this many people; a line at the end says when more matched. */
export const usersExportLimit = 50_000;

export interface UsersServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
  storage: MediaStorage;
  mail: MailSender;
  publicUrl: string;
  log: Logger;
}

export type UsersService = UsersServiceDeps;

/**
 * The users administration: the list and its export, the user form, photos, activation and
 * sessions (editing.ts); the module is its dependencies.
 */
export function createUsersService(deps: UsersServiceDeps): UsersService {
  return { ...deps };
}

/** The company's master user has the company's id (idUsuario = idUsuarioPai). */
export const masterOf = (companyId: number) => companyId;

/** Whose sessions to end: the person's, except the caller's current one when the person is the caller. */
export function sessionsOf(scope: UsersScope, userId: number) {
  return {
    companyId: scope.companyId,
    userId,
    ...(userId === scope.userId && scope.sessionId !== undefined ? { keepSessionId: scope.sessionId } : {}),
  };
}

/** A stored person as the record rules see them. */
export function personOf(row: { id: number; isAdministrator: boolean }, companyId: number): PersonRecord {
  return { id: row.id, companyId, isAdministrator: row.isAdministrator };
}

/** A person as the user form shows them: their record, groups by hand, and groups by rule. */
export type UserRecord = UserRow & { ruleGroups: RuleMembership[] };

/** A person of the company as the user form edits them; 404 when there is none. */
export async function requireUser(
  within: Database,
  scope: { companyId: number },
  userId: number,
): Promise<UserRecord> {
  const row = await findUser(within, scope.companyId, userId);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, ruleGroups: await ruleMembershipsOf(within, scope.companyId, userId) };
}

/** A page of the company's people, by name. */
export async function pageUsers(
  users: UsersService,
  scope: UsersScope,
  filter: UserFilter,
  query: PageQuery,
): Promise<Page<UserSummaryRow>> {
  return pageFrom(
    query,
    listUsers(users.db, scope.companyId, filter, rowsOf(query)),
    countUsers(users.db, scope.companyId, filter),
  );
}

/**
 * The filtered list to download, by name, as the import template has people (so an export edited
 * imports back): at most `usersExportLimit` people, and whether more matched.
 */
export async function exportUsers(
  users: UsersService,
  scope: UsersScope,
  filter: UserFilter,
): Promise<{ rows: UserExportRow[]; truncated: boolean }> {
  const rows = await listUsersForExport(users.db, scope.companyId, filter, {
    limit: usersExportLimit + 1,
    offset: 0,
  });
  return { rows: rows.slice(0, usersExportLimit), truncated: rows.length > usersExportLimit };
}

/** The company's groups, for the filter and the form. */
export const groupChoices = (users: UsersService, scope: UsersScope) =>
  listGroupChoices(users.db, scope.companyId);

/** One person as the user form edits them. */
export const getUser = (users: UsersService, scope: UsersScope, userId: number) =>
  requireUser(users.db, scope, userId);
