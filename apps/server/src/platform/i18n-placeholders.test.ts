import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from '@elo/contract/i18n/catalogues';
import { errorStatus } from '@elo/contract/errors';

// Every translated message with a placeholder is filled where it is used: each use of such a key
// in the sources (a `t('key', …)`, an `AppError('CODE', …)`, a `{ key, params }` field message)
// passes a value for every placeholder, so no client ever reads 'Informe no máximo {{max}}'.

const root = join(import.meta.dirname, '../../../..');
const sourceDirs = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];

/** Messages whose placeholders are filled in one place rather than at each use, and where. */
const filledCentrally: Record<string, string> = {
  'errors.TOO_MANY_REQUESTS': 'the error handler fills {{minutes}} from the 429’s retry time',
  'errors.FILE_TOO_LARGE': 'no placeholder in pt-BR; en/es mirror it',
  'errors.FILE_OVER_LIMIT': 'the upload reader fills {{limite}} from the call’s declared maxFileBytes',
  'errors.IMPORT_TOO_MANY_ROWS': 'the import reader fills {{max}} from the contract’s row limit',
};

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'i18n' && dir.includes('contract') ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !/i18n[/\\]ui-/.test(path)
      ? [path]
      : [];
  });
}

/** The text of the call or object a literal sits in: from it to where its parentheses close. */
function callTextAfter(text: string, from: number): string {
  let depth = 0;
  for (let index = from; index < text.length && index < from + 600; index += 1) {
    const char = text[index];
    if (char === '(' || char === '{' || char === '[') depth += 1;
    if (char === ')' || char === '}' || char === ']') {
      depth -= 1;
      if (depth < 0) return text.slice(from, index);
    }
  }
  return text.slice(from, from + 600);
}

const placeholderKeys = flatten(catalogues['pt-BR'])
  .map(([key, message]) => ({
    key,
    names: [...new Set([...message.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]!))],
  }))
  .filter((entry) => entry.names.length > 0 && !(entry.key in filledCentrally));

const files = sourceDirs.flatMap((dir) => sourceFiles(join(root, dir)));
const sources = files.map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

/** Every use of a key: where, and the text of the call it is made in. */
function usesOf(key: string): { where: string; call: string; before: string }[] {
  const code = key.startsWith('errors.') ? key.slice('errors.'.length) : undefined;
  const literals = [`'${key}'`, `"${key}"`, ...(code && code in errorStatus ? [`AppError('${code}'`] : [])];
  const uses: { where: string; call: string; before: string }[] = [];
  for (const { path, text } of sources) {
    for (const literal of literals) {
      let index = text.indexOf(literal);
      while (index !== -1) {
        const line = text.slice(0, index).split('\n').length;
        uses.push({
          where: `${path}:${line}`,
          call: callTextAfter(text, index + literal.length),
          before: text.slice(Math.max(0, index - 60), index),
        });
        index = text.indexOf(literal, index + literal.length);
      }
    }
  }
  return uses;
}

describe('translated messages with placeholders', () => {
  it('are known to be used somewhere, so this check reads their uses', () => {
    expect(placeholderKeys.length).toBeGreaterThan(20);
    expect(sources.length).toBeGreaterThan(200);
  });

  it('get a value for every placeholder wherever they are used', () => {
    const unfilled: string[] = [];
    for (const { key, names } of placeholderKeys) {
      for (const use of usesOf(key)) {
        // A zod rule's message gets its limit from the issue (validation.ts fills max and min).
        const zodRule = /((error|message):\s*|\.(max|min|length)\([^()]*,\s*)$/.test(use.before);
        const missing = names.filter((name) => {
          if (zodRule && (name === 'max' || name === 'min')) return false;
          if (use.call.includes('...')) return false;
          return !new RegExp(`\\b${name}\\b`).test(use.call);
        });
        if (missing.length > 0) unfilled.push(`${use.where} ${key}: ${missing.join(', ')}`);
      }
    }
    expect(unfilled).toEqual([]);
  });
});
