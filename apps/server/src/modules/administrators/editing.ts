import { AuditAction } from '@elo/contract/calls/audit';
import { peopleLimits } from '@elo/contract/calls/people-limits';
import {
  AdminPermissionStatus,
  adminPermissionCodes,
  employeePermissions,
  LoginType,
} from '@elo/contract/enums';
import { passwordProblems } from '@elo/contract/password-policy';
import type { Actor } from '../../platform/auth/actor.ts';
import type { RecordActor } from '../../platform/auth/record-policy.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { authorizePerson } from '../users/policy.ts';
import {
  countAdministratorEditors,
  demoteAdministrator,
  emailTaken,
  existingSubjectIds,
  findAssignments,
  findCompanyGroupIds,
  findPerson,
  insertAdministrator,
  lockAdministratorChanges,
  matriculaTaken,
  replaceAssignments,
  updateAdministrator,
  type AdministratorRow,
} from './repo.ts';
import {
  editsAdministrators,
  getAdministrator,
  isMasterUser,
  loginOf,
  type Administrator,
  type AdministratorForm,
  type AdministratorsService,
  type Assignments,
} from './service.ts';
import { auditedAdministrator, auditedMasterPermissions, auditedPasswordSet, auditedRole } from './wire.ts';

/** Throws the 422 of a refused save: every field's messages at once. */
function refuse(errors: Record<string, FieldMessage[]>): never {
  throw invalidFields(errors);
}

/**
 * Creates an administrator (a new person), promotes an employee named by `id` (they keep their
 * password; `promote` only insists it is a promotion) or edits one. The master user is edited by
 * the master only (users/policy.ts). Refuses, as 422 on the fields: an e-mail or login someone
 * else holds, a password the policy refuses, subjects or groups that are not the company's, the
 * master's permissions lowered, and a change that would leave the company without an approved,
 * active administrator who edits administrators.
 */
export async function saveAdministrator(
  administrators: AdministratorsService,
  companyId: number,
  form: AdministratorForm,
  actor: Actor,
  recordActor: RecordActor,
): Promise<Administrator> {
  const { db, hasher, sessions } = administrators;
  let mode: 'create' | 'promote' | 'edit' = 'create';
  let before: { row: AdministratorRow; assignments: Assignments } | undefined;
  if (form.id !== undefined) {
    const scope = { companyId, userId: form.id };
    // An employee named by id is promoted, with or without flPromover: the id says who.
    const person = await findPerson(db, scope);
    if (!person) throw new AppError('NOT_FOUND');
    const alreadyAdministrator = person.isAdministrator || isMasterUser(person);
    if (form.promote && alreadyAdministrator) refuse({ idUsuario: ['validation.adminAlready'] });
    mode = alreadyAdministrator ? 'edit' : 'promote';
    before =
      mode === 'promote'
        ? { row: person, assignments: await findAssignments(db, scope) }
        : await getAdministrator(administrators, companyId, form.id);
  }
  const target = before?.row;
  const master = target !== undefined && isMasterUser(target);
  if (target && mode === 'edit') {
    const changesAccess =
      !!form.password ||
      (target.email ?? '').toLowerCase() !== form.email.toLowerCase() ||
      loginOf(target).toLowerCase() !== form.login.toLowerCase();
    authorizePerson(recordActor, changesAccess ? 'administer' : 'editProfile', {
      id: target.id,
      companyId,
      isAdministrator: true,
    });
  }

  // The login is the e-mail, or else the matricula the person signs in with.
  const loginIsEmail = form.login.toLowerCase() === form.email.toLowerCase();
  const loginType = loginIsEmail ? LoginType.email : LoginType.matricula;
  const matricula = loginIsEmail ? (target?.matricula ?? null) : form.login;

  const errors: Record<string, FieldMessage[]> = {};
  const add = (field: string, message: FieldMessage) => (errors[field] ??= []).push(message);
  if (!loginIsEmail && form.login.length > peopleLimits.matriculaMax) {
    add('login', { key: 'validation.tooLong', params: { max: peopleLimits.matriculaMax } });
  }
  if (form.password) {
    for (const problem of passwordProblems({ password: form.password, login: form.login }))
      add('senha', problem);
  }
  const subjectIds = [...new Set(form.subjectIds)];
  const groupIds = [...new Set(form.groupIds)];
  const { statuses } = form;
  if (master) {
    if (adminPermissionCodes.some((code) => statuses.get(code) !== AdminPermissionStatus.edit)) {
      add('permissoesAdmin', 'validation.adminMasterPermissions');
    }
    if (!form.approved) add('flAprovado', 'validation.adminMasterApproval');
  }
  const [emailInUse, loginInUse, knownSubjects, knownGroups] = await Promise.all([
    emailTaken(db, form.email, target?.id),
    loginIsEmail ? false : matriculaTaken(db, companyId, form.login, target?.id),
    existingSubjectIds(db, companyId, subjectIds),
    findCompanyGroupIds(db, companyId, groupIds).then((ids) => new Set(ids)),
  ]);
  if (emailInUse) add('email', 'validation.emailInUse');
  if (loginInUse) add('login', 'validation.loginInUse');
  if (subjectIds.some((id) => !knownSubjects.has(id)))
    add('idsAssuntosChamado', 'validation.catalogItemInvalid');
  if (groupIds.some((id) => !knownGroups.has(id))) add('idsGruposChamado', 'validation.groupsInvalid');
  if (Object.keys(errors).length > 0) refuse(errors);

  const { approved } = form;
  const values = { name: form.name, email: form.email, matricula, loginType, approved };
  const passwordHash = form.password ? await hasher.hashPassword(form.password) : undefined;
  // The master holds every permission without rows.
  const storedStatuses: ReadonlyMap<string, 'L' | 'E'> = master ? new Map() : statuses;
  const after = { statuses: storedStatuses, subjectIds, groupIds };

  const userId = await db.transaction(async (tx) => {
    await lockAdministratorChanges(tx, companyId);
    if (mode === 'edit' && target && !master) {
      const wasEditor = editsAdministrators(target, before!.assignments.statuses);
      const willEdit = editsAdministrators({ ...target, approved }, storedStatuses);
      if (wasEditor && !willEdit && (await countAdministratorEditors(tx, companyId, target.id)) === 0) {
        refuse({ [approved ? 'permissoesAdmin' : 'flAprovado']: ['validation.adminLastEditor'] });
      }
    }
    let id: number;
    if (mode === 'create') {
      id = await insertAdministrator(tx, companyId, {
        ...values,
        passwordHash: passwordHash!,
        employeePermissions,
      });
    } else {
      id = target!.id;
      // A stale versao (someone saved the person since this copy was read) writes nothing.
      if (form.version !== undefined && form.version !== target!.version)
        throw new AppError('REGISTRO_ALTERADO');
      const updated = await updateAdministrator(
        tx,
        { companyId, userId: id },
        { ...values, passwordHash },
        form.version,
      );
      if (!updated) throw new AppError('REGISTRO_ALTERADO');
    }
    await replaceAssignments(
      tx,
      { companyId, userId: id },
      { statuses: [...storedStatuses], subjectIds, groupIds },
    );
    const shownBefore =
      mode === 'edit' && target
        ? auditedAdministrator({ ...target, login: loginOf(target) }, master ? null : before!.assignments)
        : null;
    const shownAfter = auditedAdministrator(
      { name: values.name, email: values.email, login: form.login, approved },
      master ? null : after,
    );
    if (master) {
      Object.assign(shownAfter, auditedMasterPermissions());
      if (shownBefore) Object.assign(shownBefore, auditedMasterPermissions());
    }
    if (passwordHash) Object.assign(shownAfter, auditedPasswordSet());
    await recordAudit(tx, actor, {
      action:
        mode === 'create'
          ? AuditAction.adminCreate
          : mode === 'promote'
            ? AuditAction.adminPromote
            : AuditAction.adminUpdate,
      target: { type: 'administrator', id, name: values.name },
      changes: changedFields(shownBefore, shownAfter),
    });
    // A password an administrator sets for someone else ends that person's open sessions.
    if (passwordHash && mode !== 'create' && id !== actor.userId) {
      await sessions.endSessions({ companyId, userId: id }, 'password_changed', tx);
    }
    return id;
  });
  return getAdministrator(administrators, companyId, userId);
}

/**
 * Removes an administrator: they stay an employee with their employee permissions; their
 * statuses and ticket assignments go. The master cannot be removed, nor the last approved,
 * active administrator who edits administrators (409 ADMIN_REMOVAL_REFUSED with the reason).
 * Their open sessions lose the administration at once: every call reads the statuses anew.
 */
export async function removeAdministrator(
  administrators: AdministratorsService,
  companyId: number,
  userId: number,
  actor: Actor,
): Promise<void> {
  const { row, assignments } = await getAdministrator(administrators, companyId, userId);
  if (isMasterUser(row)) {
    throw new AppError('ADMIN_REMOVAL_REFUSED', {
      params: { reason: { key: 'administrators.removalMaster' } },
    });
  }
  await administrators.db.transaction(async (tx) => {
    await lockAdministratorChanges(tx, companyId);
    if (
      editsAdministrators(row, assignments.statuses) &&
      (await countAdministratorEditors(tx, companyId, row.id)) === 0
    ) {
      throw new AppError('ADMIN_REMOVAL_REFUSED', {
        params: { reason: { key: 'administrators.removalLastEditor' } },
      });
    }
    await demoteAdministrator(tx, { companyId, userId });
    const shown = { ...row, login: loginOf(row) };
    await recordAudit(tx, actor, {
      action: AuditAction.adminRemove,
      target: { type: 'administrator', id: row.id, name: row.name },
      changes: changedFields(
        { ...auditedRole(true), ...auditedAdministrator(shown, assignments) },
        { ...auditedRole(false), ...auditedAdministrator({ ...shown, approved: row.approved }, null) },
      ),
    });
  });
}
