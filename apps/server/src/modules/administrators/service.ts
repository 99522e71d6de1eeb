import {
  AdminPermission,
  AdminPermissionStatus,
  LoginType,
  type AdminPermissionCode,
} from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { pageFrom, rowsOf, type Page, type PageQuery } from '../../platform/paging.ts';
import {
  countAdministrators,
  findAdministrator,
  findAssignments,
  listAdministrators,
  listAssignmentOptions,
  listCandidates,
  type AdministratorRow,
} from './repo.ts';

/** How many candidates to promote the search offers at once. */
const candidatesShown = 20;

/** An administrator's statuses (L or E; a permission at N has none) and their ticket assignments. */
export interface Assignments {
  statuses: ReadonlyMap<string, 'L' | 'E'>;
  subjectIds: number[];
  groupIds: number[];
}

/** One administrator as the form edits them. */
export interface Administrator {
  row: AdministratorRow;
  assignments: Assignments;
}

/** The administrator form's body: create (no id), promote an employee (by id) or edit. */
export interface AdministratorForm {
  id?: number | undefined;
  /** The version read with the administrator (edits only): a stale one writes nothing. */
  version?: number | undefined;
  /** Insists that `id` names an employee to promote (their password stays theirs). */
  promote: boolean;
  name: string;
  /** What they sign in with: their e-mail, or else their matricula. */
  login: string;
  email: string;
  password?: string | undefined;
  approved: boolean;
  /** Status by permission (one absent is at N). */
  statuses: ReadonlyMap<AdminPermissionCode, 'L' | 'E'>;
  subjectIds: number[];
  groupIds: number[];
}

/** Whether a person is the company's master user (idUsuario = idUsuarioPai). */
export const isMasterUser = (row: { id: number; companyId: number }) => row.id === row.companyId;

/** What a person signs in with: their e-mail, or their matricula. */
export function loginOf(row: { loginType: string; email: string | null; matricula: string | null }): string {
  return (row.loginType === LoginType.matricula ? row.matricula : row.email) ?? '';
}

/** Whether a person, as stored, may edit administrators (approved, active, ADMIN_ADMINISTRADORES at E). */
export function editsAdministrators(
  row: { id: number; companyId: number; approved: boolean; active: boolean },
  statuses: ReadonlyMap<string, 'L' | 'E'>,
): boolean {
  if (!row.active) return false;
  if (isMasterUser(row)) return true;
  return row.approved && statuses.get(AdminPermission.administrators) === AdminPermissionStatus.edit;
}

export interface AdministratorsService {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
}

/** The administrators area (issue 13): list, form, promotion (editing.ts), removal. */
export function createAdministratorsService(deps: AdministratorsService): AdministratorsService {
  return { db: deps.db, hasher: deps.hasher, sessions: deps.sessions };
}

/** One administrator of the company with their assignments; 404 when they are not one. */
export async function getAdministrator(
  administrators: { db: Database },
  companyId: number,
  userId: number,
): Promise<Administrator> {
  const row = await findAdministrator(administrators.db, { companyId, userId });
  if (!row) throw new AppError('NOT_FOUND');
  return { row, assignments: await findAssignments(administrators.db, { companyId, userId }) };
}

/** A page of the company's administrators, searched by name, e-mail or login. */
export async function pageAdministrators(
  administrators: AdministratorsService,
  companyId: number,
  search: string | undefined,
  query: PageQuery,
): Promise<Page<AdministratorRow>> {
  return pageFrom(
    query,
    listAdministrators(administrators.db, companyId, { search, ...rowsOf(query) }),
    countAdministrators(administrators.db, companyId, search),
  );
}

/** What the form offers to assign: the company's HR ticket subjects and groups. */
export const assignmentOptions = (administrators: AdministratorsService, companyId: number) =>
  listAssignmentOptions(administrators.db, companyId);

/** Employees who are not administrators, to promote. */
export const promotionCandidates = (
  administrators: AdministratorsService,
  companyId: number,
  search: string,
) => listCandidates(administrators.db, companyId, search, candidatesShown);
