import { AuditAction } from '@elo/contract/calls/audit';
import { CatalogKind } from '@elo/contract/calls/catalog';
import { employeePermissions, LoginType, type Language } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { recordActorOf } from '../../platform/auth/record-policy.ts';
import { DeliveryError } from '../../platform/delivery-error.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { cropStoredImageToSquare, isSquareCroppable } from '../../platform/square-image.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { refreshRuleMembershipsOf } from '../groups/service.ts';
import { sendInvitationEmail } from './invitations.ts';
import { authorizePerson } from './policy.ts';
import {
  findCatalogItems,
  findCompanyGroupIds,
  findDefaultGroupId,
  findPeople,
  findTaken,
  insertUser,
  replaceGroups,
  setActive,
  updatePhoto,
  updateUser,
  type UserValues,
} from './repo.ts';
import {
  masterOf,
  personOf,
  requireUser,
  sessionsOf,
  type UserForm,
  type UserRecord,
  type UsersScope,
  type UsersService,
} from './service.ts';
import { auditedActive, auditedFields, auditedPasswordChange, auditedPhoto } from './wire.ts';

/** The catalogue kind each placement points at, with the form's field a wrong one is refused on. */
const catalogFields = [
  { key: 'unitId', field: 'idUnidade', kind: CatalogKind.unit },
  { key: 'branchId', field: 'idFilial', kind: CatalogKind.branch },
  { key: 'sectorId', field: 'idSetor', kind: CatalogKind.sector },
  { key: 'jobTitleId', field: 'idCargo', kind: CatalogKind.jobTitle },
] as const;

/**
 * Whether a save changes how the person signs in or whether they may: login type, e-mail,
 * matricula, password or active flag (the record rules guard these for administrators).
 */
function changesAccess(
  before: { loginType: string; email: string | null; matricula: string | null; active: boolean },
  after: { loginType: string; email: string | null; matricula: string | null; active: boolean },
  settingPassword: boolean,
): boolean {
  return (
    settingPassword ||
    before.loginType !== after.loginType ||
    (before.email ?? '').toLowerCase() !== (after.email ?? '').toLowerCase() ||
    (before.matricula ?? '') !== (after.matricula ?? '') ||
    before.active !== after.active
  );
}

/**
 * The form's references and uniqueness, checked against the company: field → messages. The groups
 * are the person's by hand: one they are in only by a rule (`before`) is refused, since the form
 * cannot take them out of it nor put them in by hand over it (the group's members page can).
 */
async function checkReferences(
  within: Database,
  scope: UsersScope,
  form: UserForm,
  before: UserRecord | null,
) {
  const errors: Record<string, FieldMessage[]> = {};
  const taken = await findTaken(within, scope.companyId, {
    email: form.email,
    matricula: form.matricula,
    exceptUserId: form.id,
  });
  if (taken.email) errors.email = ['validation.emailInUse'];
  if (taken.matricula) errors.matricula = ['validation.matriculaInUse'];
  const wanted = catalogFields.filter(({ key }) => form[key] !== null);
  const found = await findCatalogItems(
    within,
    scope.companyId,
    wanted.map(({ key }) => form[key]!),
  );
  for (const { key, field, kind } of wanted) {
    if (!found.some((item) => item.id === form[key] && item.kind === kind))
      errors[field] = ['validation.catalogItemInvalid'];
  }
  const groupIds = [...new Set(form.groupIds)];
  const companyGroups = await findCompanyGroupIds(within, scope.companyId, groupIds);
  if (companyGroups.length !== groupIds.length) errors.idsGrupos = ['validation.groupsInvalid'];
  const byRuleOnly = before?.ruleGroups.filter(
    (group) => groupIds.includes(group.groupId) && !before.groupIds.includes(group.groupId),
  );
  if (byRuleOnly?.length) {
    errors.idsGrupos = byRuleOnly.map((group) => ({
      key: 'validation.groupByRule',
      params: { group: group.groupName },
    }));
  }
  return errors;
}

/**
 * Creates (with `password` as a provisional password, first access pending) or edits a person.
 * Deactivating through the form ends their sessions like the bulk action. With `sendInvitation`
 * the first-access invitation goes by e-mail as the last step, so a mail server that refuses it
 * leaves nothing written (503 DELIVERY_FAILED).
 */
export async function saveUser(
  users: UsersService,
  scope: UsersScope,
  form: UserForm,
  actor: Actor,
  language: Language,
): Promise<UserRecord> {
  const creating = form.id === undefined;
  if (!creating && !form.active) {
    if (form.id === masterOf(scope.companyId))
      throw invalidFields({ flAtivo: ['validation.userMasterDeactivate'] });
    if (form.id === scope.userId) throw invalidFields({ flAtivo: ['validation.userSelfDeactivate'] });
  }
  const passwordHash = form.password ? await users.hasher.hashPassword(form.password) : undefined;
  const values: UserValues = {
    name: form.name,
    loginType: form.loginType,
    email: form.email,
    matricula: form.matricula,
    mobilePhone: form.mobilePhone,
    unitId: form.unitId,
    branchId: form.branchId,
    sectorId: form.sectorId,
    jobTitleId: form.jobTitleId,
    birthDate: form.birthDate,
    admissionDate: form.admissionDate,
    profileText: form.profileText,
    active: form.active,
  };
  try {
    return await users.db.transaction(async (tx) => {
      const before = creating ? null : await requireUser(tx, scope, form.id!);
      if (before && form.version !== undefined && form.version !== before.version)
        throw new AppError('REGISTRO_ALTERADO');
      if (before) {
        authorizePerson(
          recordActorOf(scope),
          changesAccess(before, values, passwordHash !== undefined) ? 'editAccess' : 'editProfile',
          personOf(before, scope.companyId),
        );
      }
      const errors = await checkReferences(tx, scope, form, before);
      if (Object.keys(errors).length > 0) throw invalidFields(errors);
      let userId: number;
      const groupIds = [...new Set(form.groupIds)];
      if (creating) {
        userId = await insertUser(
          tx,
          scope.companyId,
          { ...values, passwordHash: passwordHash! },
          employeePermissions,
        );
        // Everyone belongs to the company's default group.
        const defaultGroupId = await findDefaultGroupId(tx, scope.companyId);
        if (defaultGroupId !== undefined && !groupIds.includes(defaultGroupId)) groupIds.push(defaultGroupId);
      } else {
        userId = form.id!;
        // A stale versao (someone saved since this copy was read) writes nothing.
        if (!(await updateUser(tx, scope.companyId, userId, { ...values, passwordHash }, form.version)))
          throw new AppError('REGISTRO_ALTERADO');
      }
      await replaceGroups(tx, scope.companyId, userId, groupIds);
      // A new or moved (or (de)activated) person joins or leaves the groups whose rules say so.
      await refreshRuleMembershipsOf(tx, scope.companyId, [userId]);
      const after = await requireUser(tx, scope, userId);
      const changes = changedFields(auditedFields(before), auditedFields(after));
      if (passwordHash) Object.assign(changes, auditedPasswordChange());
      await recordAudit(tx, actor, {
        action: creating ? AuditAction.userCreate : AuditAction.userUpdate,
        target: { type: 'user', id: userId, name: after.name },
        changes,
      });
      const deactivated = before?.active === true && !after.active;
      const passwordSet = !creating && passwordHash !== undefined;
      if (deactivated || passwordSet) {
        await users.sessions.endSessions(
          sessionsOf(scope, userId),
          deactivated ? 'deactivated' : 'password_changed',
          tx,
        );
      }
      if (form.sendInvitation && after.email) {
        await recordAudit(tx, actor, {
          action: AuditAction.userInvite,
          target: { type: 'user', id: userId, name: after.name },
        });
        const login = after.loginType === LoginType.matricula ? after.matricula! : after.email;
        await sendInvitationEmail(
          users,
          tx,
          scope.companyId,
          { name: after.name, email: after.email, login },
          form.password ?? null,
          language,
        );
      }
      return after;
    });
  } catch (error) {
    if (error instanceof DeliveryError) {
      users.log.warn({ err: error }, 'invitation e-mail not delivered');
      throw new AppError('DELIVERY_FAILED');
    }
    throw error;
  }
}

/** A person's photo: a png or jpeg (by content), cropped to a centred square. Answers its storage key. */
export async function uploadPhoto(
  users: UsersService,
  scope: UsersScope,
  userId: number,
  files: UploadedFile[],
  actor: Actor,
): Promise<string> {
  const file = files.find((entry) => entry.field === 'file');
  if (!file) throw invalidFields({ file: ['validation.required'] });
  if (!isSquareCroppable(file)) throw invalidFields({ file: ['validation.fileFormatInvalid'] });
  await requireUser(users.db, scope, userId);
  await cropStoredImageToSquare(users.storage, file.key);
  const replaced = await users.db.transaction(async (tx) => {
    const result = await updatePhoto(tx, scope.companyId, userId, file.key);
    if (!result) throw new AppError('NOT_FOUND');
    await recordAudit(tx, actor, {
      action: AuditAction.userPhoto,
      target: { type: 'user', id: userId },
      changes: changedFields(auditedPhoto(result.previous), auditedPhoto(file.key)),
    });
    return result.previous;
  });
  if (replaced) await users.storage.remove(replaced).catch(() => undefined);
  return file.key;
}

/**
 * Activates or deactivates people of the company. Deactivating ends all their sessions (and
 * with them, on every node, their chat sockets and notification streams); the master user and
 * the caller cannot be deactivated. People already in the state asked are left as they are.
 * Answers how many changed.
 */
export async function setUsersActive(
  users: UsersService,
  scope: UsersScope,
  userIds: number[],
  active: boolean,
  actor: Actor,
): Promise<number> {
  const ids = [...new Set(userIds)];
  if (!active) {
    if (ids.includes(masterOf(scope.companyId)))
      throw invalidFields({ idsUsuarios: ['validation.userMasterDeactivate'] });
    if (ids.includes(scope.userId)) throw invalidFields({ idsUsuarios: ['validation.userSelfDeactivate'] });
  }
  return users.db.transaction(async (tx) => {
    const people = await findPeople(tx, scope.companyId, ids);
    if (people.length !== ids.length) throw new AppError('NOT_FOUND');
    const changing = people.filter((person) => person.active !== active);
    for (const person of changing) {
      authorizePerson(recordActorOf(scope), 'editAccess', personOf(person, scope.companyId));
    }
    await setActive(
      tx,
      scope.companyId,
      changing.map((person) => person.id),
      active,
    );
    // Rules hold active people only: deactivated ones leave by rule, reactivated ones return.
    await refreshRuleMembershipsOf(
      tx,
      scope.companyId,
      changing.map((person) => person.id),
    );
    for (const person of changing) {
      await recordAudit(tx, actor, {
        action: active ? AuditAction.userActivate : AuditAction.userDeactivate,
        target: { type: 'user', id: person.id, name: person.name },
        changes: changedFields(auditedActive(!active), auditedActive(active)),
      });
    }
    // Last, so that the sockets close only for a change that is being committed.
    if (!active) {
      for (const person of changing) {
        await users.sessions.endSessions(
          { companyId: scope.companyId, userId: person.id },
          'deactivated',
          tx,
        );
      }
    }
    return changing.length;
  });
}

/** Ends every session (and chat socket) of a person, without deactivating them; answers how many. */
export async function endUserSessions(
  users: UsersService,
  scope: UsersScope,
  userId: number,
  actor: Actor,
): Promise<number> {
  return users.db.transaction(async (tx) => {
    const person = await requireUser(tx, scope, userId);
    authorizePerson(recordActorOf(scope), 'endSessions', personOf(person, scope.companyId));
    await recordAudit(tx, actor, {
      action: AuditAction.userSessionsEnd,
      target: { type: 'user', id: userId, name: person.name },
    });
    // An administrator ending their own sessions keeps the one they are using.
    const ended = await users.sessions.endSessions(sessionsOf(scope, userId), 'ended_by_admin', tx);
    return ended.length;
  });
}
