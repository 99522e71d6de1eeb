import type { z } from 'zod';
import type { salvaAdministradorAdminInputSchema } from '@elo/contract/calls/administrators';
import { AuditAction } from '@elo/contract/calls/audit';
import { peopleLimits } from '@elo/contract/calls/people';
import {
  AdminPermission,
  AdminPermissionStatus,
  adminPermissionCodes,
  employeePermissions,
  LoginType,
} from '@elo/contract/enums';
import { passwordProblems } from '@elo/contract/password-policy';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { AppError, invalidFields, type FieldMessage } from '../../platform/http/app-error.ts';
import { mediaUrl } from '../../platform/storage/media-storage.ts';
import type { RecordActor } from '../../platform/auth/record-policy.ts';
import { changedFields, recordAudit } from '../audit/service.ts';
import { authorizePerson } from '../users/policy.ts';
import { isMasterUser, loginOf, presentAdministrator, presentAdministratorSummary } from './presenter.ts';
import {
  countAdministratorEditors,
  countAdministrators,
  demoteAdministrator,
  emailTaken,
  findCompanyGroupIds,
  existingSubjectIds,
  findAdministrator,
  findAssignments,
  findPerson,
  insertAdministrator,
  listAdministrators,
  listAssignmentOptions,
  listCandidates,
  lockAdministratorChanges,
  matriculaTaken,
  replaceAssignments,
  updateAdministrator,
  type AdministratorRow,
} from './repo.ts';

export type SaveAdministratorInput = z.output<typeof salvaAdministradorAdminInputSchema>;

/** How many candidates to promote the search offers at once. */
const candidatesShown = 20;

type Assignments = Awaited<ReturnType<typeof findAssignments>>;

/** Whether a person, as stored, may edit administrators (approved, active, ADMIN_ADMINISTRADORES at E). */
function editsAdministrators(
  row: { id: number; companyId: number; approved: boolean; active: boolean },
  statuses: ReadonlyMap<string, 'L' | 'E'>,
): boolean {
  if (!row.active) return false;
  if (isMasterUser(row)) return true;
  return row.approved && statuses.get(AdminPermission.administrators) === AdminPermissionStatus.edit;
}

/** What the audit log records of an administrator: the form's fields, every permission with its status. */
function auditSnapshot(
  person: { name: string; email: string | null; login: string; approved: boolean },
  assignments: { statuses: ReadonlyMap<string, 'L' | 'E'>; subjectIds: number[]; groupIds: number[] } | null,
): Record<string, unknown> {
  const permissions = Object.fromEntries(
    adminPermissionCodes.map((code) => [
      `permissao.${code}`,
      assignments?.statuses.get(code) ?? AdminPermissionStatus.none,
    ]),
  );
  return {
    nome: person.name,
    login: person.login,
    email: person.email,
    flAprovado: person.approved ? 'S' : 'N',
    ...permissions,
    idsAssuntosChamado: assignments?.subjectIds ?? [],
    idsGruposChamado: assignments?.groupIds ?? [],
  };
}

export type AdministratorsService = ReturnType<typeof createAdministratorsService>;

/** The administrators area (issue 13): list, form, promotion, removal. */
export function createAdministratorsService(deps: {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
}) {
  const { db, hasher, sessions } = deps;

  async function load(companyId: number, userId: number) {
    const row = await findAdministrator(db, { companyId, userId });
    if (!row) throw new AppError('NOT_FOUND');
    return { row, assignments: await findAssignments(db, { companyId, userId }) };
  }

  /** Throws the 422 of a refused save: every field's messages at once. */
  function refuse(errors: Record<string, FieldMessage[]>): never {
    throw invalidFields(errors);
  }

  return {
    /** A page of the company's administrators, searched by name, e-mail or login. */
    async list(companyId: number, options: { search?: string | undefined; page: number; size: number }) {
      const [rows, total] = await Promise.all([
        listAdministrators(db, companyId, {
          search: options.search,
          limit: options.size,
          offset: (options.page - 1) * options.size,
        }),
        countAdministrators(db, companyId, options.search),
      ]);
      return {
        listAdministradores: rows.map(presentAdministratorSummary),
        idPaginaAtual: options.page,
        qtdRegistrosPorPagina: options.size,
        qtdTotalRegistros: total,
      };
    },

    /** One administrator with every permission's status and their ticket assignments. */
    async get(companyId: number, userId: number) {
      const { row, assignments } = await load(companyId, userId);
      return { administrador: presentAdministrator(row, assignments) };
    },

    /** What the form offers to assign: the company's HR ticket subjects and groups. */
    async options(companyId: number) {
      const options = await listAssignmentOptions(db, companyId);
      return {
        listAssuntos: options.subjects.map((item) => ({
          id: item.id,
          nome: item.name,
          flAtivo: item.active ? ('S' as const) : ('N' as const),
        })),
        listGrupos: options.groups.map((group) => ({ idGrupo: group.id, nome: group.name })),
      };
    },

    /** Employees who are not administrators, to promote. */
    async candidates(companyId: number, search: string) {
      const rows = await listCandidates(db, companyId, search, candidatesShown);
      return {
        listUsuarios: rows.map((row) => ({
          idUsuario: row.id,
          nome: row.name,
          email: row.email,
          matricula: row.matricula,
          urlFoto: mediaUrl(row.photoKey),
        })),
      };
    },

    /**
     * Creates an administrator (a new person), promotes an employee named by `idUsuario` (they
     * keep their password; `flPromover` S only insists it is a promotion) or edits one. The
     * master user is edited by the master only (users/policy.ts). Refuses, as 422 on the fields: an e-mail or login someone
     * else holds, a password the policy refuses, subjects or groups that are not the company's,
     * the master's permissions lowered, and a change that would leave the company without an
     * approved, active administrator who edits administrators.
     */
    async save(companyId: number, input: SaveAdministratorInput, actor: Actor, recordActor: RecordActor) {
      let mode: 'create' | 'promote' | 'edit' = 'create';
      let before: { row: AdministratorRow; assignments: Assignments } | undefined;
      if (input.idUsuario !== undefined) {
        const scope = { companyId, userId: input.idUsuario };
        // An employee named by id is promoted, with or without flPromover: the id says who.
        const person = await findPerson(db, scope);
        if (!person) throw new AppError('NOT_FOUND');
        const alreadyAdministrator = person.isAdministrator || isMasterUser(person);
        if (input.flPromover === 'S' && alreadyAdministrator)
          refuse({ idUsuario: ['validation.adminAlready'] });
        mode = alreadyAdministrator ? 'edit' : 'promote';
        before =
          mode === 'promote'
            ? { row: person, assignments: await findAssignments(db, scope) }
            : await load(companyId, input.idUsuario);
      }
      const target = before?.row;
      const master = target !== undefined && isMasterUser(target);
      if (target && mode === 'edit') {
        const changesAccess =
          !!input.senha ||
          (target.email ?? '').toLowerCase() !== input.email.toLowerCase() ||
          loginOf(target).toLowerCase() !== input.login.toLowerCase();
        authorizePerson(recordActor, changesAccess ? 'administer' : 'editProfile', {
          id: target.id,
          companyId,
          isAdministrator: true,
        });
      }

      // The login is the e-mail, or else the matricula the person signs in with.
      const loginIsEmail = input.login.toLowerCase() === input.email.toLowerCase();
      const loginType = loginIsEmail ? LoginType.email : LoginType.matricula;
      const matricula = loginIsEmail ? (target?.matricula ?? null) : input.login;

      const errors: Record<string, FieldMessage[]> = {};
      const add = (field: string, message: FieldMessage) => (errors[field] ??= []).push(message);
      if (!loginIsEmail && input.login.length > peopleLimits.matriculaMax) {
        add('login', { key: 'validation.tooLong', params: { max: peopleLimits.matriculaMax } });
      }
      if (input.senha) {
        for (const problem of passwordProblems({ password: input.senha, login: input.login }))
          add('senha', problem);
      }
      const subjectIds = [...new Set(input.idsAssuntosChamado)];
      const groupIds = [...new Set(input.idsGruposChamado)];
      const statuses = new Map<string, 'L' | 'E'>();
      for (const entry of input.permissoesAdmin) {
        if (entry.status === AdminPermissionStatus.none) statuses.delete(entry.permissao);
        else statuses.set(entry.permissao, entry.status);
      }
      if (master) {
        if (adminPermissionCodes.some((code) => statuses.get(code) !== AdminPermissionStatus.edit)) {
          add('permissoesAdmin', 'validation.adminMasterPermissions');
        }
        if (input.flAprovado !== 'S') add('flAprovado', 'validation.adminMasterApproval');
      }
      const [emailInUse, loginInUse, knownSubjects, knownGroups] = await Promise.all([
        emailTaken(db, input.email, target?.id),
        loginIsEmail ? false : matriculaTaken(db, companyId, input.login, target?.id),
        existingSubjectIds(db, companyId, subjectIds),
        findCompanyGroupIds(db, companyId, groupIds).then((ids) => new Set(ids)),
      ]);
      if (emailInUse) add('email', 'validation.emailInUse');
      if (loginInUse) add('login', 'validation.loginInUse');
      if (subjectIds.some((id) => !knownSubjects.has(id)))
        add('idsAssuntosChamado', 'validation.catalogItemInvalid');
      if (groupIds.some((id) => !knownGroups.has(id))) add('idsGruposChamado', 'validation.groupsInvalid');
      if (Object.keys(errors).length > 0) refuse(errors);

      const approved = input.flAprovado === 'S';
      const values = { name: input.nome, email: input.email, matricula, loginType, approved };
      const passwordHash = input.senha ? await hasher.hashPassword(input.senha) : undefined;
      // The master holds every permission without rows.
      const storedStatuses = master ? new Map<string, 'L' | 'E'>() : statuses;
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
          if (input.versao !== undefined && input.versao !== target!.version)
            throw new AppError('REGISTRO_ALTERADO');
          const updated = await updateAdministrator(
            tx,
            { companyId, userId: id },
            { ...values, passwordHash },
            input.versao,
          );
          if (!updated) throw new AppError('REGISTRO_ALTERADO');
        }
        await replaceAssignments(
          tx,
          { companyId, userId: id },
          {
            statuses: [...storedStatuses],
            subjectIds,
            groupIds,
          },
        );
        const shownBefore =
          mode === 'edit' && target
            ? auditSnapshot({ ...target, login: loginOf(target) }, master ? null : before!.assignments)
            : null;
        const shownAfter = auditSnapshot(
          { name: values.name, email: values.email, login: input.login, approved },
          master ? null : after,
        );
        if (master) {
          for (const code of adminPermissionCodes) {
            shownAfter[`permissao.${code}`] = AdminPermissionStatus.edit;
            if (shownBefore) shownBefore[`permissao.${code}`] = AdminPermissionStatus.edit;
          }
        }
        if (passwordHash) shownAfter.senha = 'set';
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
      return this.get(companyId, userId);
    },

    /**
     * Removes an administrator: they stay an employee with their employee permissions; their
     * statuses and ticket assignments go. The master cannot be removed, nor the last approved,
     * active administrator who edits administrators (409 ADMIN_REMOVAL_REFUSED with the reason).
     * Their open sessions lose the administration at once: every call reads the statuses anew.
     */
    async remove(companyId: number, userId: number, actor: Actor) {
      const { row, assignments } = await load(companyId, userId);
      if (isMasterUser(row)) {
        throw new AppError('ADMIN_REMOVAL_REFUSED', {
          params: { reason: { key: 'administrators.removalMaster' } },
        });
      }
      await db.transaction(async (tx) => {
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
            { flAdministrador: 'S', ...auditSnapshot(shown, assignments) },
            { flAdministrador: 'N', ...auditSnapshot({ ...shown, approved: row.approved }, null) },
          ),
        });
      });
      return { ok: true as const };
    },
  };
}
