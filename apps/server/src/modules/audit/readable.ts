import type { AuditChange } from '../../db/schema/all.ts';
import type { AuditEntryRow, NamedRecords } from './repo.ts';

/**
 * The changed fields whose values are ids of records, and which records: the log stores ids (so a
 * rename never leaves an old name in it); the reader sees the names those records have now.
 */
const referenceFields: Record<string, keyof NamedRecords> = {
  idUnidade: 'catalog',
  idFilial: 'catalog',
  idSetor: 'catalog',
  idCargo: 'catalog',
  idAssunto: 'catalog',
  idsGrupos: 'groups',
  idGrupo: 'groups',
  idResponsavel: 'users',
  idUsuario: 'users',
  idPesquisaOrigem: 'surveys',
};

/** The kinds of target whose id is a person's or a group's (their name is read again). */
const targetRecords: Record<string, keyof NamedRecords> = {
  user: 'users',
  administrator: 'users',
  group: 'groups',
  survey: 'surveys',
};

const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((id): id is number => typeof id === 'number');

/** The records the entries name by id: their authors, their targets and the ids among their changes. */
export function namedRecordsOf(rows: readonly AuditEntryRow[]): NamedRecords {
  const named: Record<keyof NamedRecords, Set<number>> = {
    users: new Set(),
    groups: new Set(),
    catalog: new Set(),
    surveys: new Set(),
  };
  for (const row of rows) {
    if (row.actorUserId !== null) named.users.add(row.actorUserId);
    const targetKind = row.targetType === null ? undefined : targetRecords[row.targetType];
    if (targetKind && row.targetId !== null && /^\d+$/.test(row.targetId))
      named[targetKind].add(Number(row.targetId));
    for (const [field, change] of Object.entries(row.changes ?? {})) {
      const kind = referenceFields[field];
      if (!kind) continue;
      for (const id of [...ids(change.antes), ...ids(change.depois)]) named[kind].add(id);
    }
  }
  return {
    users: [...named.users],
    groups: [...named.groups],
    catalog: [...named.catalog],
    surveys: [...named.surveys],
  };
}

/**
 * An entry in names: its author and its target (a person or a group) by their names now, or the
 * names copied when it was written if they are gone; ids in its changes by the records' names now,
 * or `deleted` ('(excluído)') for one that no longer exists. A masked entry's '***' stays, and in
 * a masked entry a person named by a kept field is hidden too ('***'): an id named nobody, a name does.
 */
export function readableEntry(
  row: AuditEntryRow,
  names: Record<keyof NamedRecords, Map<number, string>>,
  options: { deleted: string; masked: boolean },
): AuditEntryRow {
  const { deleted, masked } = options;
  const nameOf = (kind: keyof NamedRecords, id: unknown) => {
    if (typeof id !== 'number') return id;
    if (masked && kind === 'users') return '***';
    return names[kind].get(id) ?? deleted;
  };
  const targetKind = row.targetType === null ? undefined : targetRecords[row.targetType];
  const changes: Record<string, AuditChange> | null =
    row.changes &&
    Object.fromEntries(
      Object.entries(row.changes).map(([field, change]) => {
        const kind = referenceFields[field];
        if (!kind) return [field, change];
        const named = (value: unknown) =>
          Array.isArray(value) ? value.map((id) => nameOf(kind, id)) : nameOf(kind, value);
        return [field, { antes: named(change.antes), depois: named(change.depois) }];
      }),
    );
  return {
    ...row,
    actorName: (!masked && row.actorUserId !== null && names.users.get(row.actorUserId)) || row.actorName,
    targetName:
      (targetKind && row.targetId !== null && names[targetKind].get(Number(row.targetId))) || row.targetName,
    changes,
  };
}
