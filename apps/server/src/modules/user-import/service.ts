import { randomBytes } from 'node:crypto';
import type { TFunction } from 'i18next';
import { AuditAction } from '@elo/contract/calls/audit';
import { ImportAction } from '@elo/contract/calls/user-import';
import { employeePermissions } from '@elo/contract/enums';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import type { PasswordHasher } from '../../platform/auth/password.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { recordAudit } from '../audit/service.ts';
import { refreshRuleMembershipsOf } from '../groups/service.ts';
import { catalogNameKey, resolveOrCreateCatalogItems, type CatalogKindCode } from '../catalog/service.ts';
import {
  placementColumns,
  planImport,
  type CheckedRow,
  type ImportOptions,
  type ImportScope,
} from './plan.ts';
import { readImportFile } from './read-file.ts';
import { ImportHasErrors, invalidRowsTable, resultOf, type ImportResult } from './result.ts';
import {
  changeMemberships,
  deactivatePeople,
  insertPeople,
  updatePeople,
  type ImportedPerson,
} from './repo.ts';
import { auditedImport } from './wire.ts';

export type { ImportOptions, ImportScope } from './plan.ts';
export type { ImportResult } from './result.ts';

export interface UserImportService {
  db: Database;
  hasher: PasswordHasher;
  sessions: SessionManager;
}

/**
 * The bulk import of people (issue 13): reads a CSV or XLSX file, checks every row with the user
 * form's rules (plan.ts), matches people by matricula then e-mail, and applies a clean file in one
 * transaction with batched statements. See docs/people-admin.md.
 */
export function createUserImportService(deps: UserImportService): UserImportService {
  return { db: deps.db, hasher: deps.hasher, sessions: deps.sessions };
}

/**
 * Simulates or applies an import. A simulation only reads. Applying checks again inside the
 * transaction that writes, so what is written is what was checked; any error rolls it back
 * and throws ImportHasErrors with the per-row result (answered 422 IMPORT_HAS_ERRORS), unless
 * `applyValid`: then the rows without errors are written and the refused ones come back as a
 * table of the template's columns plus their errors, to be given back in the file's format.
 */
export async function runImport(
  userImport: UserImportService,
  scope: ImportScope,
  files: UploadedFile[],
  options: ImportOptions,
  t: TFunction,
  actor: Actor,
): Promise<ImportResult> {
  const { db } = userImport;
  const file = files.find((entry) => entry.field === 'file');
  const { format, rows } = await readImportFile(file);
  if (options.simulate) {
    const { checked, absent } = await planImport(db, scope, rows, t, options);
    return resultOf(checked, absent, true);
  }
  // One hash for everyone created by this import: of a random secret nobody ever sees.
  const passwordHash = await userImport.hasher.hashPassword(randomBytes(32).toString('base64url'));
  return db.transaction(async (tx) => {
    const { checked, absent, groupsOf, defaultGroupIds } = await planImport(tx, scope, rows, t, options);
    const result = resultOf(checked, absent, false);
    if (result.refused > 0 && !options.applyValid) throw new ImportHasErrors(result);
    if (result.refused > 0) result.invalidRows = { format, table: invalidRowsTable(rows, checked, t) };
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
      changes: auditedImport(result, catalog.created.length),
    });
    // Last, so that the sockets close only for a change that is being committed.
    for (const person of absent) {
      await userImport.sessions.endSessions(
        { companyId: scope.companyId, userId: person.id },
        'deactivated',
        tx,
      );
    }
    return result;
  });
}
