import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ImportAction, importFileRules, type ImportActionValue } from '@elo/contract/calls/user-import';
import { issueMessage } from '@elo/contract/validation';
import { LoginType } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { AdminStatuses } from '../../platform/auth/policy.ts';
import { recordActorOf } from '../../platform/auth/record-policy.ts';
import { catalogNameKey, type CatalogKindCode } from '../catalog/service.ts';
import { personRefusal } from '../users/policy.ts';
import type { FileRow, ImportColumn } from './read-file.ts';
import {
  findForeignEmails,
  listCatalogItemNames,
  listCompanyGroups,
  listCompanyPeople,
  listMemberships,
  type CompanyPerson,
  type ImportedPerson,
} from './repo.ts';
import { importCellRules } from './wire.ts';

/** The catalogue each placement column names, and the person's field it sets. */
export const placementColumns = [
  { column: 'unidade', kind: 'UNIDADE', field: 'unitId' },
  { column: 'filial', kind: 'FILIAL', field: 'branchId' },
  { column: 'setor', kind: 'SETOR', field: 'sectorId' },
  { column: 'cargo', kind: 'CARGO', field: 'jobTitleId' },
] as const satisfies readonly { column: ImportColumn; kind: CatalogKindCode; field: keyof ImportedPerson }[];

/** A row read and checked: the person it describes, who it matches and what is wrong with it. */
export interface CheckedRow {
  line: number;
  person: Omit<ImportedPerson, 'unitId' | 'branchId' | 'sectorId' | 'jobTitleId'>;
  /** Catalogue names by column (null when the cell is empty). */
  placement: Record<'unidade' | 'filial' | 'setor' | 'cargo', string | null>;
  groupIds: number[];
  target: CompanyPerson | undefined;
  action: ImportActionValue | null;
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
  /**
   * Applying writes the rows without errors and gives the others back (as a file to correct)
   * instead of refusing the whole file.
   */
  applyValid: boolean;
}

/** Checks every row against the company as it is now (inside `tx`); nothing is written. */
export async function planImport(
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
    const name = take('nome', importCellRules.name, cells.nome, cells.nome);
    const email = take('email', importCellRules.email, cells.email, null);
    const matricula = take('matricula', importCellRules.matricula, cells.matricula, null);
    const mobilePhone = take('celular', importCellRules.mobilePhone, cells.celular, null);
    const birthDate = cells.dtNascimento
      ? take('dtNascimento', importCellRules.day, isoDay(cells.dtNascimento), null)
      : null;
    const admissionDate = cells.dtAdmissao
      ? take('dtAdmissao', importCellRules.day, isoDay(cells.dtAdmissao), null)
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
      .split(importFileRules.listSeparator)
      .map((part) => part.trim())
      .filter(Boolean)) {
      const id = groupByName.get(groupName.toLowerCase());
      if (id === undefined) errors.push(cellError('grupos', 'userImport.groupUnknown', { nome: groupName }));
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
    // First access asks the birth date: a new person needs one, and nobody's is cleared. Someone
    // who has none (the company's master, say) may keep none, so an export imports back as it is.
    if (!cells.dtNascimento && !(target && target.birthDate === null)) {
      errors.push(cellError('dtNascimento', 'validation.required'));
    }
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
  // When only the valid rows are applied and some are refused, nobody is deactivated: a refused
  // row may be someone's whom it failed to match.
  const refused = checked.some((row) => row.errors.length > 0);
  const absent =
    options.deactivateAbsent && !(options.applyValid && refused)
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
