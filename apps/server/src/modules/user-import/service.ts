import { randomBytes } from 'node:crypto';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { AuditAction } from '@elo/contract/calls/audit';
import { isoDateSchema } from '@elo/contract/calls/account';
import { issueMessage } from '@elo/contract/validation';
import {
  ImportAction,
  importColumns,
  personFields,
  type ResultadoImportacao,
} from '@elo/contract/calls/people';
import { employeePermissions, LoginType } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import { recordActorOf } from '../../platform/auth/record-policy.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import type { ExportTable } from '../../platform/table-file.ts';
import { recordAudit } from '../audit/service.ts';
import { personRefusal } from '../users/policy.ts';
import { refreshRuleMembershipsOf } from '../groups/service.ts';
import { catalogNameKey, resolveOrCreateCatalogItems, type CatalogKindCode } from '../catalog/service.ts';
import { readImportFile, type FileRow, type ImportColumn } from './read-file.ts';
import {
  changeMemberships,
  deactivatePeople,
  findForeignEmails,
  insertPeople,
  listCatalogItemNames,
  listCompanyGroups,
  listCompanyPeople,
  listMemberships,
  updatePeople,
  type CompanyPerson,
  type ImportedPerson,
} from './repo.ts';

/** The catalogue each placement column names, and the person's field it sets. */
const placementColumns = [
  { column: 'unidade', kind: 'UNIDADE', field: 'unitId' },
  { column: 'filial', kind: 'FILIAL', field: 'branchId' },
  { column: 'setor', kind: 'SETOR', field: 'sectorId' },
  { column: 'cargo', kind: 'CARGO', field: 'jobTitleId' },
] as const satisfies readonly { column: ImportColumn; kind: CatalogKindCode; field: keyof ImportedPerson }[];

/** A row read and checked: the person it describes, who it matches and what is wrong with it. */
interface CheckedRow {
  line: number;
  person: Omit<ImportedPerson, 'unitId' | 'branchId' | 'sectorId' | 'jobTitleId'>;
  /** Catalogue names by column (null when the cell is empty). */
  placement: Record<'unidade' | 'filial' | 'setor' | 'cargo', string | null>;
  groupIds: number[];
  target: CompanyPerson | undefined;
  action: (typeof ImportAction)[keyof typeof ImportAction] | null;
  errors: string[];
}

/** A calendar day as the file may write it (dd/MM/yyyy or yyyy-MM-dd), as yyyy-MM-dd. */
function isoDay(value: string): string {
  const brazilian = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!brazilian) return value;
  return `${brazilian[3]}-${brazilian[2]!.padStart(2, '0')}-${brazilian[1]!.padStart(2, '0')}`;
}

/**
 * Checks one cell with the user form's own rule; answers the value or the translated message
 * (with its limits filled in, as the form's 422 has them).
 */
function checkCell<T>(schema: z.ZodType<T>, value: string, t: TFunction): { value: T } | { error: string } {
  const result = schema.safeParse(value);
  if (result.success) return { value: result.data };
  const issue = result.error.issues[0];
  return { error: issue ? issueMessage(issue, t) : t('validation.valueInvalid') };
}

/** Who imports: their company, themselves and their statuses (for the people record rules). */
export interface ImportScope {
  companyId: number;
  userId: number;
  adminPermissions: AdminStatuses;
}

export interface ImportOptions {
  simulate: boolean;
  deactivateAbsent: boolean;
}

export type UserImportService = ReturnType<typeof createUserImportService>;

/**
 * The bulk import of people (issue 13): reads a CSV or XLSX file, checks every row with the user
 * form's rules, matches people by matricula then e-mail, and applies a clean file in one
 * transaction with batched statements. See docs/people-admin.md.
 */
export function createUserImportService(deps: {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
}) {
  const { db } = deps;

  /** Checks every row against the company as it is now (inside `tx`); nothing is written. */
  async function plan(
    tx: Database,
    scope: ImportScope,
    rows: FileRow[],
    t: TFunction,
    options: ImportOptions,
  ) {
    const { companyId } = scope;
    const actor = recordActorOf(scope);
    const [people, groupRows, memberships, itemNames] = await Promise.all([
      listCompanyPeople(tx, companyId),
      listCompanyGroups(tx, companyId),
      listMemberships(tx, companyId),
      listCatalogItemNames(tx, companyId),
    ]);
    const fileEmails = [...new Set(rows.map((row) => row.cells.email.toLowerCase()).filter(Boolean))];
    const foreignEmails = await findForeignEmails(tx, companyId, fileEmails);
    const byMatricula = new Map(people.filter((p) => p.matricula).map((p) => [p.matricula!, p]));
    const byEmail = new Map(people.filter((p) => p.email).map((p) => [p.email!.toLowerCase(), p]));
    const groupByName = new Map(groupRows.map((group) => [group.name.trim().toLowerCase(), group.id]));
    const defaultGroupIds = groupRows.filter((group) => group.isDefault).map((group) => group.id);
    const groupsOf = new Map<number, Set<number>>();
    for (const membership of memberships) {
      let set = groupsOf.get(membership.userId);
      if (!set) groupsOf.set(membership.userId, (set = new Set()));
      set.add(membership.groupId);
    }
    const itemName = new Map(itemNames.map((item) => [item.id, catalogNameKey(item.name)]));
    /** A cell's message as the result lists it: "column: message". */
    const cellText = (column: ImportColumn, message: string) =>
      t('userImport.cell', { coluna: column, mensagem: message, interpolation: { escapeValue: false } });
    const cellError = (column: ImportColumn, key: string, params: Record<string, unknown> = {}) =>
      cellText(column, t(key, params));

    const seenMatricula = new Map<string, number>();
    const seenEmail = new Map<string, number>();
    const seenTarget = new Map<number, number>();
    const checked: CheckedRow[] = rows.map(({ line, cells }) => {
      const errors: string[] = [];
      const take = <T>(column: ImportColumn, schema: z.ZodType<T>, value: string, fallback: T): T => {
        const result = checkCell(schema, value, t);
        if ('error' in result) {
          errors.push(cellText(column, result.error));
          return fallback;
        }
        return result.value;
      };
      const name = take('nome', personFields.nome, cells.nome, cells.nome);
      const email = take('email', personFields.email, cells.email, null);
      const matricula = take('matricula', personFields.matricula, cells.matricula, null);
      const mobilePhone = take('celular', personFields.celular, cells.celular, null);
      const birthDate = take('dtNascimento', isoDateSchema, isoDay(cells.dtNascimento), '');
      const admissionDate = cells.dtAdmissao
        ? take('dtAdmissao', isoDateSchema, isoDay(cells.dtAdmissao), null)
        : null;
      let loginType: string = cells.tipoLogin.toUpperCase();
      if (!loginType) loginType = email || !matricula ? LoginType.email : LoginType.matricula;
      if (loginType !== LoginType.email && loginType !== LoginType.matricula) {
        errors.push(cellError('tipoLogin', 'userImport.loginTypeInvalid'));
      } else if (loginType === LoginType.email && !email && cells.email === '') {
        errors.push(cellError('email', 'validation.required'));
      } else if (loginType === LoginType.matricula && !matricula && cells.matricula === '') {
        errors.push(cellError('matricula', 'validation.required'));
      }
      const placement = {} as CheckedRow['placement'];
      for (const { column } of placementColumns) {
        const value = cells[column].replace(/\s+/g, ' ');
        if (value.length > 120) errors.push(cellError(column, 'validation.tooLong', { max: 120 }));
        placement[column] = value || null;
      }
      const groupIds: number[] = [];
      for (const groupName of cells.grupos
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)) {
        const id = groupByName.get(groupName.toLowerCase());
        if (id === undefined)
          errors.push(cellError('grupos', 'userImport.groupUnknown', { nome: groupName }));
        else if (!groupIds.includes(id)) groupIds.push(id);
      }

      // Who the row is: the person with its matricula, else the one with its e-mail.
      let target = matricula ? byMatricula.get(matricula) : undefined;
      if (!target && email) {
        const candidate = byEmail.get(email.toLowerCase());
        // A person found by e-mail who has another matricula is someone else: the matricula is new.
        if (candidate && (!matricula || !candidate.matricula)) target = candidate;
      }
      if (target?.deleted) target = undefined;
      if (matricula) {
        const holder = byMatricula.get(matricula);
        if (holder && holder.id !== target?.id)
          errors.push(cellError('matricula', 'userImport.matriculaInUse'));
        const earlier = seenMatricula.get(matricula);
        if (earlier !== undefined)
          errors.push(cellError('matricula', 'userImport.repeated', { linha: earlier }));
        else seenMatricula.set(matricula, line);
      }
      if (email) {
        const key = email.toLowerCase();
        const holder = byEmail.get(key);
        if (foreignEmails.has(key) || (holder && holder.id !== target?.id)) {
          errors.push(cellError('email', 'userImport.emailInUse'));
        }
        const earlier = seenEmail.get(key);
        if (earlier !== undefined) errors.push(cellError('email', 'userImport.repeated', { linha: earlier }));
        else seenEmail.set(key, line);
      }
      if (target) {
        const earlier = seenTarget.get(target.id);
        if (earlier !== undefined)
          errors.push(cellError('matricula', 'userImport.samePerson', { linha: earlier }));
        else seenTarget.set(target.id, line);
      }
      const person = { name, email, matricula, loginType, mobilePhone, birthDate, admissionDate };
      // An administrator's (or the master's) access is not the import's to change (users/policy.ts).
      if (
        target &&
        errors.length === 0 &&
        (target.email !== email || target.matricula !== matricula || target.loginType !== loginType)
      ) {
        const refusal = personRefusal(actor, 'editAccess', {
          id: target.id,
          companyId,
          isAdministrator: target.isAdministrator,
        });
        if (refusal) errors.push(t(`errors.${refusal}`));
      }
      let action: CheckedRow['action'] = null;
      if (errors.length === 0) {
        if (!target) action = ImportAction.created;
        else {
          const current = groupsOf.get(target.id) ?? new Set<number>();
          const wanted = new Set([...groupIds, ...defaultGroupIds]);
          const same =
            target.name === name &&
            target.email === email &&
            target.matricula === matricula &&
            target.loginType === loginType &&
            target.mobilePhone === mobilePhone &&
            target.birthDate === birthDate &&
            target.admissionDate === admissionDate &&
            placementColumns.every(
              ({ column, field }) =>
                (target[field] === null ? null : itemName.get(target[field])) ===
                (placement[column] === null ? null : catalogNameKey(placement[column])),
            ) &&
            current.size === wanted.size &&
            [...wanted].every((id) => current.has(id));
          action = same ? ImportAction.unchanged : ImportAction.changed;
        }
      }
      return { line, person, placement, groupIds, target, action, errors };
    });

    // People of the company absent from the file, deactivated when asked: never the master, the
    // caller or an administrator (administrators are kept by the administrators' screen).
    const absent = options.deactivateAbsent
      ? people.filter(
          (person) =>
            !person.deleted &&
            person.active &&
            !person.isAdministrator &&
            person.id !== companyId &&
            person.id !== scope.userId &&
            !seenTarget.has(person.id),
        )
      : [];
    return { checked, absent, groupsOf, defaultGroupIds };
  }

  function resultOf(checked: CheckedRow[], absent: CompanyPerson[], simulate: boolean): ResultadoImportacao {
    const count = (action: string) => checked.filter((row) => row.action === action).length;
    return {
      linhas: [
        ...checked.map((row) => ({
          linha: row.line,
          matricula: row.person.matricula,
          nome: row.person.name || null,
          acao: row.action,
          erros: row.errors,
        })),
        ...absent.map((person) => ({
          linha: 0,
          matricula: person.matricula,
          nome: person.name,
          acao: ImportAction.deactivated,
          erros: [],
        })),
      ],
      qtdNovos: count(ImportAction.created),
      qtdAlterados: count(ImportAction.changed),
      qtdInalterados: count(ImportAction.unchanged),
      qtdDesativados: absent.length,
      qtdErros: checked.filter((row) => row.errors.length > 0).length,
      flSimulacao: simulate ? 'S' : 'N',
    };
  }

  return {
    /**
     * Simulates or applies an import. A simulation only reads. Applying checks again inside the
     * transaction that writes, so what is written is what was checked; any error rolls it back
     * and answers 422 IMPORT_HAS_ERRORS with the per-row result.
     */
    async run(
      scope: ImportScope,
      files: UploadedFile[],
      options: ImportOptions,
      t: TFunction,
      actor: Actor,
    ): Promise<ResultadoImportacao> {
      const file = files.find((entry) => entry.field === 'file');
      const rows = await readImportFile(file);
      if (options.simulate) {
        const { checked, absent } = await plan(db, scope, rows, t, options);
        return resultOf(checked, absent, true);
      }
      // One hash for everyone created by this import: of a random secret nobody ever sees.
      const passwordHash = await deps.hasher.hashPassword(randomBytes(32).toString('base64url'));
      return db.transaction(async (tx) => {
        const { checked, absent, groupsOf, defaultGroupIds } = await plan(tx, scope, rows, t, options);
        const result = resultOf(checked, absent, false);
        if (result.qtdErros > 0) throw new AppError('IMPORT_HAS_ERRORS', { details: { resultado: result } });
        const writing = checked.filter(
          (row) => row.action === ImportAction.created || row.action === ImportAction.changed,
        );
        const wanted: Partial<Record<CatalogKindCode, string[]>> = {};
        for (const { column, kind } of placementColumns) {
          wanted[kind] = writing.map((row) => row.placement[column]).filter((name): name is string => !!name);
        }
        const catalog = await resolveOrCreateCatalogItems(tx, scope.companyId, wanted);
        const personOf = (row: CheckedRow): ImportedPerson => {
          const person = { ...row.person } as ImportedPerson;
          for (const { column, kind, field } of placementColumns) {
            const name = row.placement[column];
            person[field] = name === null ? null : catalog.ids.get(kind)!.get(catalogNameKey(name))!;
          }
          return person;
        };
        const created = writing.filter((row) => row.action === ImportAction.created);
        const changed = writing.filter((row) => row.action === ImportAction.changed);
        const newIds = await insertPeople(
          tx,
          scope.companyId,
          created.map(personOf),
          passwordHash,
          employeePermissions,
        );
        await updatePeople(
          tx,
          scope.companyId,
          changed.map((row) => ({ ...personOf(row), id: row.target!.id })),
        );
        const added: { userId: number; groupId: number }[] = [];
        const removed: { userId: number; groupId: number }[] = [];
        created.forEach((row, index) => {
          for (const groupId of new Set([...row.groupIds, ...defaultGroupIds])) {
            added.push({ userId: newIds[index]!, groupId });
          }
        });
        for (const row of changed) {
          const userId = row.target!.id;
          const current = groupsOf.get(userId) ?? new Set<number>();
          const next = new Set([...row.groupIds, ...defaultGroupIds]);
          for (const groupId of next) if (!current.has(groupId)) added.push({ userId, groupId });
          for (const groupId of current) if (!next.has(groupId)) removed.push({ userId, groupId });
        }
        await changeMemberships(tx, scope.companyId, added, removed);
        await deactivatePeople(
          tx,
          scope.companyId,
          absent.map((person) => person.id),
        );
        // People created, moved or deactivated join or leave the groups whose rules say so.
        await refreshRuleMembershipsOf(tx, scope.companyId, [
          ...newIds,
          ...changed.map((row) => row.target!.id),
          ...absent.map((person) => person.id),
        ]);
        await recordAudit(tx, actor, {
          action: AuditAction.userImport,
          target: { type: 'user_import', id: scope.companyId, name: file?.fileName || null },
          changes: {
            qtdNovos: { antes: null, depois: result.qtdNovos },
            qtdAlterados: { antes: null, depois: result.qtdAlterados },
            qtdInalterados: { antes: null, depois: result.qtdInalterados },
            qtdDesativados: { antes: null, depois: result.qtdDesativados },
            itensCriados: { antes: null, depois: catalog.created.length },
          },
        });
        // Last, so that the sockets close only for a change that is being committed.
        for (const person of absent) {
          await deps.sessions.endSessions(
            { companyId: scope.companyId, userId: person.id },
            'deactivated',
            tx,
          );
        }
        return result;
      });
    },

    /** The template: the columns and one example row. */
    template(t: TFunction): ExportTable {
      return {
        title: t('userImport.template.title'),
        header: [...importColumns],
        lines: [
          [
            '000123',
            t('userImport.template.name'),
            t('userImport.template.email'),
            LoginType.email,
            '11987654321',
            '15/03/1990',
            '2020-02-01',
            t('userImport.template.unit'),
            t('userImport.template.branch'),
            t('userImport.template.sector'),
            t('userImport.template.jobTitle'),
            t('userImport.template.groups'),
          ],
        ],
      };
    },
  };
}
