import type { TFunction } from 'i18next';
import type { z } from 'zod';
import type { Logger } from '../../platform/logger.ts';
import { AuditAction } from '@elo/contract/calls/audit';
import { CatalogKind, type salvaUsuarioAdminInputSchema } from '@elo/contract/calls/people';
import { employeePermissions, LoginType, type Language } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import { recordActorOf } from '../../platform/auth/record-policy.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { DeliveryError } from '../../platform/delivery-error.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { MailSender } from '../../platform/mail.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { ExportTable } from '../../platform/table-file.ts';
import { cropStoredImageToSquare, isSquareCroppable } from '../../platform/square-image.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { refreshRuleMembershipsOf } from '../groups/service.ts';
import { sendInvitationEmail } from './invitations.ts';
import { authorizePerson, type PersonRecord } from './policy.ts';
import { auditedFields, exportLine, presentUser, presentUserSummary } from './presenter.ts';
import {
  countUsers,
  findCatalogItems,
  findDefaultGroupId,
  findCompanyGroupIds,
  findPeople,
  findTaken,
  findUser,
  insertUser,
  listGroupChoices,
  listUsers,
  replaceGroups,
  setActive,
  updatePhoto,
  updateUser,
  type UserFilter,
  type UserRow,
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

/** Whose sessions to end: the person's, except the caller's current one when the person is the caller. */
function sessionsOf(scope: UsersScope, userId: number) {
  return {
    companyId: scope.companyId,
    userId,
    ...(userId === scope.userId && scope.sessionId !== undefined ? { keepSessionId: scope.sessionId } : {}),
  };
}

/** A stored person as the record rules see them. */
function personOf(row: { id: number; isAdministrator: boolean }, companyId: number): PersonRecord {
  return { id: row.id, companyId, isAdministrator: row.isAdministrator };
}

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

export type SaveUserInput = z.output<typeof salvaUsuarioAdminInputSchema>;

/** An export holds at most this many people; a line at the end says when more matched. */
export const usersExportLimit = 50_000;

/** The catalogue kind each form field points at. */
const catalogFields = {
  idUnidade: CatalogKind.unit,
  idFilial: CatalogKind.branch,
  idSetor: CatalogKind.sector,
  idCargo: CatalogKind.jobTitle,
} as const;

export interface UsersServiceDeps {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
  storage: MediaStorage;
  mail: MailSender;
  publicUrl: string;
  log: Logger;
}

export type UsersService = ReturnType<typeof createUsersService>;

/** The users administration: the list and its export, the user form, photos, activation, sessions. */
export function createUsersService(deps: UsersServiceDeps) {
  const { db } = deps;
  /** The company's master user has the company's id (idUsuario = idUsuarioPai). */
  const masterOf = (companyId: number) => companyId;

  async function requireUser(within: Database, scope: UsersScope, userId: number): Promise<UserRow> {
    const row = await findUser(within, scope.companyId, userId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The form's references and uniqueness, checked against the company: field → messages. */
  async function checkReferences(within: Database, scope: UsersScope, input: SaveUserInput) {
    const errors: Record<string, FieldMessage[]> = {};
    const taken = await findTaken(within, scope.companyId, {
      email: input.email,
      matricula: input.matricula,
      exceptUserId: input.idUsuario,
    });
    if (taken.email) errors.email = ['validation.emailInUse'];
    if (taken.matricula) errors.matricula = ['validation.matriculaInUse'];
    const wanted = Object.entries(catalogFields).filter(
      ([field]) => input[field as keyof typeof catalogFields] !== null,
    );
    const found = await findCatalogItems(
      within,
      scope.companyId,
      wanted.map(([field]) => input[field as keyof typeof catalogFields]!),
    );
    for (const [field, kind] of wanted) {
      const id = input[field as keyof typeof catalogFields];
      if (!found.some((item) => item.id === id && item.kind === kind))
        errors[field] = ['validation.catalogItemInvalid'];
    }
    const groupIds = [...new Set(input.idsGrupos)];
    const companyGroups = await findCompanyGroupIds(within, scope.companyId, groupIds);
    if (companyGroups.length !== groupIds.length) errors.idsGrupos = ['validation.groupsInvalid'];
    return errors;
  }

  async function sendInvitation(
    within: Database,
    scope: UsersScope,
    person: { name: string; email: string; login: string },
    provisionalPassword: string | null,
    language: Language,
  ) {
    await sendInvitationEmail(deps, within, scope.companyId, person, provisionalPassword, language);
  }

  return {
    /** A page of the company's people, by name. */
    async list(scope: UsersScope, filter: UserFilter, page: { number: number; size: number }) {
      const [rows, total] = await Promise.all([
        listUsers(db, scope.companyId, filter, { limit: page.size, offset: (page.number - 1) * page.size }),
        countUsers(db, scope.companyId, filter),
      ]);
      return {
        listUsuarios: rows.map(presentUserSummary),
        idPaginaAtual: page.number,
        qtdRegistrosPorPagina: page.size,
        qtdTotalRegistros: total,
      };
    },

    /** The filtered list as a table to download, by name. */
    async exportTable(scope: UsersScope, filter: UserFilter, t: TFunction): Promise<ExportTable> {
      const rows = await listUsers(db, scope.companyId, filter, { limit: usersExportLimit + 1, offset: 0 });
      const yes = t('usersAdmin.export.yes');
      const no = t('usersAdmin.export.no');
      const lines = rows.slice(0, usersExportLimit).map((row) => exportLine(row, yes, no));
      if (rows.length > usersExportLimit) {
        lines.push([t('audit.export.truncated', { limite: usersExportLimit.toLocaleString('pt-BR') })]);
      }
      return {
        title: t('usersAdmin.export.title'),
        header: [
          t('usersAdmin.export.name'),
          t('usersAdmin.export.matricula'),
          t('usersAdmin.export.email'),
          t('usersAdmin.export.unit'),
          t('usersAdmin.export.branch'),
          t('usersAdmin.export.sector'),
          t('usersAdmin.export.jobTitle'),
          t('usersAdmin.export.active'),
          t('usersAdmin.export.lastAccess'),
        ],
        lines,
      };
    },

    /** The company's groups, for the filter and the form. */
    async groups(scope: UsersScope) {
      return { listGrupos: await listGroupChoices(db, scope.companyId) };
    },

    /** One person as the user form edits them. */
    async get(scope: UsersScope, userId: number) {
      return { usuario: presentUser(await requireUser(db, scope, userId), masterOf(scope.companyId)) };
    },

    /**
     * Creates (with `senha` as a provisional password, first access pending) or edits a person.
     * Deactivating through the form ends their sessions like the bulk action. With
     * `flEnviarConvite` S the first-access invitation goes by e-mail as the last step, so a mail
     * server that refuses it leaves nothing written (503 DELIVERY_FAILED).
     */
    async save(scope: UsersScope, input: SaveUserInput, actor: Actor, language: Language) {
      const creating = input.idUsuario === undefined;
      if (!creating && input.flAtivo === 'N') {
        if (input.idUsuario === masterOf(scope.companyId))
          throw invalidFields({ flAtivo: ['validation.userMasterDeactivate'] });
        if (input.idUsuario === scope.userId)
          throw invalidFields({ flAtivo: ['validation.userSelfDeactivate'] });
      }
      const passwordHash = input.senha ? await deps.hasher.hashPassword(input.senha) : undefined;
      const values: UserValues = {
        name: input.nome,
        loginType: input.tipoLogin,
        email: input.email,
        matricula: input.matricula,
        mobilePhone: input.celular,
        unitId: input.idUnidade,
        branchId: input.idFilial,
        sectorId: input.idSetor,
        jobTitleId: input.idCargo,
        birthDate: input.dtNascimento,
        admissionDate: input.dtAdmissao,
        profileText: input.textoPerfil,
        active: input.flAtivo === 'S',
      };
      try {
        const saved = await db.transaction(async (tx) => {
          const before = creating ? null : await requireUser(tx, scope, input.idUsuario!);
          if (before && input.versao !== undefined && input.versao !== before.version)
            throw new AppError('REGISTRO_ALTERADO');
          if (before) {
            authorizePerson(
              recordActorOf(scope),
              changesAccess(before, values, passwordHash !== undefined) ? 'editAccess' : 'editProfile',
              personOf(before, scope.companyId),
            );
          }
          const errors = await checkReferences(tx, scope, input);
          if (Object.keys(errors).length > 0) throw invalidFields(errors);
          let userId: number;
          const groupIds = [...new Set(input.idsGrupos)];
          if (creating) {
            userId = await insertUser(
              tx,
              scope.companyId,
              { ...values, passwordHash: passwordHash! },
              employeePermissions,
            );
            // Everyone belongs to the company's default group.
            const defaultGroupId = await findDefaultGroupId(tx, scope.companyId);
            if (defaultGroupId !== undefined && !groupIds.includes(defaultGroupId))
              groupIds.push(defaultGroupId);
          } else {
            userId = input.idUsuario!;
            // A stale versao (someone saved since this copy was read) writes nothing.
            if (!(await updateUser(tx, scope.companyId, userId, { ...values, passwordHash }, input.versao)))
              throw new AppError('REGISTRO_ALTERADO');
          }
          await replaceGroups(tx, scope.companyId, userId, groupIds);
          // A new or moved (or (de)activated) person joins or leaves the groups whose rules say so.
          await refreshRuleMembershipsOf(tx, scope.companyId, [userId]);
          const after = await requireUser(tx, scope, userId);
          const changes = changedFields(auditedFields(before), auditedFields(after));
          if (passwordHash) changes.senha = { antes: '***', depois: '***' };
          await recordAudit(tx, actor, {
            action: creating ? AuditAction.userCreate : AuditAction.userUpdate,
            target: { type: 'user', id: userId, name: after.name },
            changes,
          });
          const deactivated = before?.active === true && !after.active;
          const passwordSet = !creating && passwordHash !== undefined;
          if (deactivated || passwordSet) {
            await deps.sessions.endSessions(
              sessionsOf(scope, userId),
              deactivated ? 'deactivated' : 'password_changed',
              tx,
            );
          }
          if (input.flEnviarConvite === 'S' && after.email) {
            await recordAudit(tx, actor, {
              action: AuditAction.userInvite,
              target: { type: 'user', id: userId, name: after.name },
            });
            const login = after.loginType === LoginType.matricula ? after.matricula! : after.email;
            await sendInvitation(
              tx,
              scope,
              { name: after.name, email: after.email, login },
              input.senha ?? null,
              language,
            );
          }
          return after;
        });
        return { usuario: presentUser(saved, masterOf(scope.companyId)) };
      } catch (error) {
        if (error instanceof DeliveryError) {
          deps.log.warn({ err: error }, 'invitation e-mail not delivered');
          throw new AppError('DELIVERY_FAILED');
        }
        throw error;
      }
    },

    /** A person's photo: a png or jpeg (by content), cropped to a centred square. */
    async uploadPhoto(scope: UsersScope, userId: number, files: UploadedFile[], actor: Actor) {
      const file = files.find((entry) => entry.field === 'file');
      if (!file) throw invalidFields({ file: ['validation.required'] });
      if (!isSquareCroppable(file)) throw invalidFields({ file: ['validation.fileFormatInvalid'] });
      await requireUser(db, scope, userId);
      await cropStoredImageToSquare(deps.storage, file.key);
      const replaced = await db.transaction(async (tx) => {
        const result = await updatePhoto(tx, scope.companyId, userId, file.key);
        if (!result) throw new AppError('NOT_FOUND');
        await recordAudit(tx, actor, {
          action: AuditAction.userPhoto,
          target: { type: 'user', id: userId },
          changes: changedFields({ foto: mediaUrl(result.previous) }, { foto: mediaUrl(file.key) }),
        });
        return result.previous;
      });
      if (replaced) await deps.storage.remove(replaced).catch(() => undefined);
      return { urlFoto: mediaUrl(file.key)! };
    },

    /**
     * Activates or deactivates people of the company. Deactivating ends all their sessions (and
     * with them, on every node, their chat sockets and notification streams); the master user and
     * the caller cannot be deactivated. People already in the state asked are left as they are.
     */
    async setActive(scope: UsersScope, userIds: number[], active: boolean, actor: Actor) {
      const ids = [...new Set(userIds)];
      if (!active) {
        if (ids.includes(masterOf(scope.companyId)))
          throw invalidFields({ idsUsuarios: ['validation.userMasterDeactivate'] });
        if (ids.includes(scope.userId))
          throw invalidFields({ idsUsuarios: ['validation.userSelfDeactivate'] });
      }
      return db.transaction(async (tx) => {
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
            changes: changedFields({ flAtivo: active ? 'N' : 'S' }, { flAtivo: active ? 'S' : 'N' }),
          });
        }
        // Last, so that the sockets close only for a change that is being committed.
        if (!active) {
          for (const person of changing) {
            await deps.sessions.endSessions(
              { companyId: scope.companyId, userId: person.id },
              'deactivated',
              tx,
            );
          }
        }
        return { qtdAlterados: changing.length };
      });
    },

    /** Ends every session (and chat socket) of a person, without deactivating them. */
    async endSessions(scope: UsersScope, userId: number, actor: Actor) {
      return db.transaction(async (tx) => {
        const person = await requireUser(tx, scope, userId);
        authorizePerson(recordActorOf(scope), 'endSessions', personOf(person, scope.companyId));
        await recordAudit(tx, actor, {
          action: AuditAction.userSessionsEnd,
          target: { type: 'user', id: userId, name: person.name },
        });
        // An administrator ending their own sessions keeps the one they are using.
        const ended = await deps.sessions.endSessions(sessionsOf(scope, userId), 'ended_by_admin', tx);
        return { qtdSessoesEncerradas: ended.length };
      });
    },
  };
}
