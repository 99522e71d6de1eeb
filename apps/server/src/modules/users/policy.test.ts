import { describe, expect, it } from 'vitest';
import { AdminPermission, type AdminPermissionCode } from '@elo/contract/enums';
import type { RecordActor } from '../../platform/auth/record-policy.ts';
import { personRefusal, type PersonAction, type PersonRecord } from './policy.ts';

// The people record rules, written out by hand as a table: actor × action × person → allowed
// (null) or the refusal. Company 10's master is user 10.

const company = 10;
const actorOf = (userId: number, statuses: Partial<Record<AdminPermissionCode, 'L' | 'E'>>): RecordActor => ({
  companyId: company,
  userId,
  isMaster: userId === company,
  adminPermissions: new Map(Object.entries(statuses) as [AdminPermissionCode, 'L' | 'E'][]),
});
const everything = Object.fromEntries(
  Object.values(AdminPermission).map((code) => [code, 'E' as const]),
) as Record<AdminPermissionCode, 'E'>;

const actors = {
  master: actorOf(company, everything),
  usersEditor: actorOf(20, { [AdminPermission.users]: 'E' }),
  adminsEditor: actorOf(21, { [AdminPermission.users]: 'E', [AdminPermission.administrators]: 'E' }),
  adminsReader: actorOf(22, { [AdminPermission.users]: 'E', [AdminPermission.administrators]: 'L' }),
};
const people: Record<string, PersonRecord> = {
  master: { id: company, companyId: company, isAdministrator: true },
  administrator: { id: 30, companyId: company, isAdministrator: true },
  employee: { id: 40, companyId: company, isAdministrator: false },
  usersEditorThemselves: { id: 20, companyId: company, isAdministrator: true },
};

type Row = [keyof typeof actors, PersonAction, keyof typeof people, string | null];
const table: Row[] = [
  // Ordinary fields: anyone the call's gate let in, whoever the person.
  ['usersEditor', 'editProfile', 'master', null],
  ['usersEditor', 'editProfile', 'administrator', null],
  ['usersEditor', 'editProfile', 'employee', null],
  // An employee's access: the users area.
  ['usersEditor', 'editAccess', 'employee', null],
  ['usersEditor', 'endSessions', 'employee', null],
  // An administrator's access: only ADMIN_ADMINISTRADORES at E.
  ['usersEditor', 'editAccess', 'administrator', 'ACCESS_FIELDS_PROTECTED'],
  ['usersEditor', 'endSessions', 'administrator', 'ACCESS_FIELDS_PROTECTED'],
  ['usersEditor', 'editAccess', 'usersEditorThemselves', 'ACCESS_FIELDS_PROTECTED'],
  ['usersEditor', 'endSessions', 'usersEditorThemselves', null],
  ['adminsReader', 'editAccess', 'administrator', 'ACCESS_FIELDS_PROTECTED'],
  ['adminsEditor', 'editAccess', 'administrator', null],
  ['adminsEditor', 'endSessions', 'administrator', null],
  ['adminsEditor', 'administer', 'administrator', null],
  ['adminsEditor', 'administer', 'employee', null],
  // The master's access: the master only, and never from the users area or the import.
  ['usersEditor', 'editAccess', 'master', 'ACCESS_FIELDS_PROTECTED'],
  ['usersEditor', 'endSessions', 'master', 'ACCESS_FIELDS_PROTECTED'],
  ['adminsEditor', 'editAccess', 'master', 'MASTER_ACCESS_PROTECTED'],
  ['adminsEditor', 'endSessions', 'master', 'MASTER_ACCESS_PROTECTED'],
  ['adminsEditor', 'administer', 'master', 'MASTER_ACCESS_PROTECTED'],
  ['master', 'editAccess', 'master', 'MASTER_ACCESS_PROTECTED'],
  ['master', 'administer', 'master', null],
  ['master', 'endSessions', 'master', null],
  ['master', 'editAccess', 'administrator', null],
];

describe('who may do what to whom (people and administrators)', () => {
  it.each(table)('%s %s on %s → %s', (actor, action, person, expected) => {
    expect(personRefusal(actors[actor], action, people[person]!)).toBe(expected);
  });

  it("treats another company's person as not found", () => {
    expect(() =>
      personRefusal(actors.adminsEditor, 'editProfile', { id: 50, companyId: 11, isAdministrator: false }),
    ).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});
