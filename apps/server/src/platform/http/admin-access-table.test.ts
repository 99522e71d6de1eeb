import { describe, expect, it } from 'vitest';
import { calls, downloads } from '@elo/contract/calls/registry';
import type { CallDefinition, DownloadDefinition } from '@elo/contract/define-call';
import { anyAdministrator } from '@elo/contract/enums';
import {
  adminAccessTable,
  anyAdministratorCalls,
  tableEntryOf,
  writeNamedReads,
  writeVerbOf,
  type AreaAccess,
} from './admin-access-table.ts';

type Declared = Pick<CallDefinition, 'name' | 'audience' | 'permission' | 'mode' | 'alsoPermission'>;
const declared: Declared[] = [
  ...(Object.values(calls) as CallDefinition[]),
  ...(Object.values(downloads) as DownloadDefinition[]),
];
const byName = new Map(declared.map((entry) => [entry.name, entry]));

/** Every name the table files, with where: a name filed twice shows up twice. */
const filed = [
  ...Object.entries(adminAccessTable).flatMap(([permission, area]: [string, AreaAccess]) =>
    (['L', 'E'] as const).flatMap((needs) =>
      Object.keys(area[needs]).map((name) => ({ name, where: `${permission} at ${needs}` })),
    ),
  ),
  ...Object.keys(anyAdministratorCalls).map((name) => ({ name, where: 'any administrator' })),
];

describe('the permission table, written apart from the declarations', () => {
  it('lists the ten administration permissions', () => {
    expect(Object.keys(adminAccessTable).sort()).toEqual(
      [
        'ADMIN_USUARIOS',
        'ADMIN_ADMINISTRADORES',
        'ADMIN_GRUPOS',
        'ADMIN_CONFIGURACOES_APP',
        'ADMIN_COMUNICADOS',
        'ADMIN_PUBLICACOES',
        'ADMIN_PESQUISAS',
        'ADMIN_PORTAL_RH',
        'ADMIN_TV_CORPORATIVA',
        'ADMIN_AUDITORIA',
      ].sort(),
    );
  });

  it('files every administration call and download of the contract, as the contract declares it', () => {
    const problems: string[] = [];
    for (const entry of declared.filter((item) => item.audience === 'admin')) {
      const said = `declared ${entry.permission} mode '${entry.mode}'`;
      if (entry.permission === anyAdministrator) {
        if (!(entry.name in anyAdministratorCalls)) {
          problems.push(`${entry.name} (${said}) is missing from anyAdministratorCalls`);
        }
        continue;
      }
      const row = tableEntryOf(entry.name);
      if (!row) {
        problems.push(`${entry.name} (${said}) is missing from admin-access-table.ts: file it by hand`);
        continue;
      }
      const mode = row.needs === 'E' ? 'write' : 'read';
      if (row.also !== entry.alsoPermission) {
        problems.push(
          `${entry.name}: declared also needing ${entry.alsoPermission}, but the table says ${row.also}`,
        );
      }
      if (row.permission !== entry.permission || mode !== entry.mode) {
        problems.push(
          `${entry.name}: ${said}, but the table files it under ${row.permission} at ${row.needs} (${row.what}), which is mode '${mode}'`,
        );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('names only administration calls, each once', () => {
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const { name, where } of filed) {
      const entry = byName.get(name);
      if (!entry) problems.push(`${name} (${where}) is no call or download of the contract`);
      else if (entry.audience !== 'admin')
        problems.push(`${name} (${where}) is declared '${entry.audience}'`);
      if (seen.has(name)) problems.push(`${name} is filed twice: ${seen.get(name)} and ${where}`);
      seen.set(name, where);
    }
    expect(problems, problems.join('\n')).toEqual([]);
    const administration = declared.filter((entry) => entry.audience === 'admin');
    expect(filed.length, 'names filed against administration calls declared').toBe(administration.length);
  });

  it('finds a writing verb only as a word of the name', () => {
    expect(writeVerbOf('salvaGrupoAdmin')).toBe('salva');
    expect(writeVerbOf('alteraSenhaEFazLogin')).toBe('altera');
    expect(writeVerbOf('consultaPareamentoTv')).toBeUndefined();
    expect(writeVerbOf('consultaPublicacoesAdmin')).toBeUndefined();
    expect(writeVerbOf('modeloImportacaoUsuarios')).toBeUndefined();
    expect(writeVerbOf('consultaRespostasProntasAdmin')).toBeUndefined();
    expect(writeVerbOf('dadosQueMarcaLeitura')).toBe('marca');
  });

  it('refuses a call whose name says it writes and whose declaration says it reads', () => {
    const problems = declared
      .filter((entry) => entry.mode === 'read' && writeVerbOf(entry.name) && !(entry.name in writeNamedReads))
      .map(
        (entry) =>
          `${entry.name} says '${writeVerbOf(entry.name)}' but is declared mode 'read': declare it 'write', or list it in writeNamedReads with the reason`,
      );
    expect(problems, problems.join('\n')).toEqual([]);
    // The rule sees the contract's writers: a verb finder that missed them would pass on nothing.
    expect(declared.filter((entry) => writeVerbOf(entry.name)).length).toBeGreaterThan(60);
  });

  it('keeps an exception only for a read whose name says it writes, with its reason', () => {
    for (const [name, reason] of Object.entries(writeNamedReads)) {
      expect(byName.get(name)?.mode, name).toBe('read');
      expect(writeVerbOf(name), name).toBeDefined();
      expect(reason?.trim(), name).not.toBe('');
    }
  });
});
