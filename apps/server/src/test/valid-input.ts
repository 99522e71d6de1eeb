import fc from 'fast-check';
import { z } from 'zod';
import type { CheckDef, SchemaDef } from './zod-definition.ts';

/**
 * Valid inputs for a contract schema (zod v4, classic or mini), built deterministically so every
 * call can be made with a body its schema accepts: each field gets the first of a short list of
 * candidate values (a caller's hints first, then plain text, instants, dates, colours, clocks, an
 * e-mail, a strong password, samples of the field's pattern…) that the field's own schema accepts;
 * then the whole object is checked, and a cross-field rule that fails (an end before a start, a
 * reason the action needs) moves the field it names on to its next candidate until the object passes.
 */

/** Where a field sits: its key, its path from the root, and the fields chosen before it. */
export interface FieldContext {
  key: string;
  path: readonly (string | number)[];
  siblings: Readonly<Record<string, unknown>>;
}

/** Values to try first for a field (a row's id, say); undefined leaves the field to the generator. */
export type FieldHint = (field: FieldContext) => readonly unknown[] | undefined;

/** Stands for a file part in a multipart body (a `z.custom` field): the caller attaches a file. */
export const fileField = Symbol('file');

export interface ValidInputOptions {
  hint?: FieldHint;
  /** Multipart fields and download parameters: every value travels as text (a list as a comma list). */
  form?: boolean;
  /** Fields left out whenever their schema allows it, hints or not (a record's own id, to create one). */
  omit?: ReadonlySet<string>;
  /**
   * `needed` (the default) leaves out optional fields without a hint (the smallest body); `all`
   * fills every field it can (a handler may want a text or a date its schema leaves optional).
   */
  fill?: 'needed' | 'all';
}

/** A generated input, and whether the schema accepts it (the issues when not). */
export interface GeneratedInput {
  value: unknown;
  valid: boolean;
  issues: string[];
}

const day = 86_400_000;
/** Midnight (UTC) `days` days after today's: the same instant for every body made the same day. */
const instantIn = (days: number) => new Date((Math.floor(Date.now() / day) + days) * day).toISOString();
const strongPassword = 'Senha@Forte2026x';

function defOf(schema: z.core.$ZodType): SchemaDef {
  return schema._zod.def as unknown as SchemaDef;
}

function checksOf(def: SchemaDef): CheckDef[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

function accepts(schema: z.core.$ZodType, value: unknown): boolean {
  return z.safeParse(schema, value).success;
}

/** Text between a schema's bounds. */
function textOf(min: number, max: number): string {
  const base = 'Elo B texto de teste';
  return base.slice(0, Math.max(1, max)).trimEnd().padEnd(min, 'x');
}

/** Samples of a pattern, the same on every run. */
function patternSamples(pattern: RegExp): string[] {
  return fc.sample(fc.stringMatching(pattern, { size: 'small' }), { seed: 20_261_201, numRuns: 40 });
}

function stringCandidates(def: SchemaDef, key: string): unknown[] {
  const checks = checksOf(def);
  const min = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
  const max = checks.find((check) => check.check === 'max_length')?.maximum ?? 200;
  const patterns = [def.pattern, ...checks.map((check) => check.pattern)].filter(
    (pattern): pattern is RegExp => pattern instanceof RegExp,
  );
  const email = `pessoa.b.${key.toLowerCase()}@empresa-b.elo`;
  // An end (dtFim, dtFimPesquisa, horaFim) comes after its start: later values first.
  const later = /Fim|Limite/.test(key);
  const instants = later ? [instantIn(3), instantIn(2)] : [instantIn(2), instantIn(3)];
  const semantic = [
    email,
    ...instants,
    '1990-05-10',
    ...(later ? ['2030-01-16', '2030-01-15'] : ['2030-01-15', '2030-01-16']),
    '#0f766e',
    '#ffffff',
    ...(later ? ['18:00', '08:00'] : ['08:00', '18:00']),
    '2030-01',
    'https://example.com/b',
    strongPassword,
  ];
  const text = textOf(min, max);
  const first = /senha/i.test(key) ? [strongPassword, text] : [text];
  return [...first, ...semantic, ...patterns.flatMap(patternSamples), ''];
}

function numberCandidates(def: SchemaDef): number[] {
  const checks = checksOf(def);
  const lower = checks.find((check) => check.check === 'greater_than');
  const upper = checks.find((check) => check.check === 'less_than');
  const bounds = [
    lower ? lower.value! + (lower.inclusive ? 0 : 1) : undefined,
    upper ? upper.value! - (upper.inclusive ? 0 : 1) : undefined,
  ].filter((value): value is number => value !== undefined);
  return [bounds[0], 1, 2, 3, 5, 8, 10, 15, 30, 60, 100, 1440, 2000, ...bounds, 0, -1, 0.5].filter(
    (value): value is number => value !== undefined,
  );
}

/** The ways a value may travel: as it is, and as text (a number, a comma list, JSON). */
function encodings(value: unknown, form: boolean): unknown[] {
  if (value === fileField || value === undefined) return [value];
  const texts: unknown[] = [];
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') texts.push(String(value));
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) texts.push(value.join(','));
  if (value !== null && typeof value === 'object') texts.push(JSON.stringify(value));
  return form ? texts : [value, ...texts];
}

/** Candidate values of a schema, best first (not all of them accepted). */
function candidatesOf(schema: z.core.$ZodType, at: FieldContext, options: ValidInputOptions): unknown[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return [buildObject(schema, at.path, options)];
    case 'string':
      return stringCandidates(def, at.key);
    case 'number':
      return numberCandidates(def);
    case 'boolean':
      return [false, true];
    case 'null':
      return [null];
    case 'undefined':
      return [undefined];
    case 'enum':
      return Object.values(def.entries ?? {});
    case 'literal':
      return def.values ?? [];
    case 'custom':
      return [fileField];
    case 'array': {
      const checks = checksOf(def);
      const min = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
      const element = candidatesOf(def.element!, { ...at, path: [...at.path, 0] }, options).find((value) =>
        accepts(def.element!, value),
      );
      if (element === undefined) return [[]];
      return [[element], [], Array.from({ length: Math.max(min, 1) }, () => element)];
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return [...candidatesOf(def.innerType!, at, options), undefined];
    case 'nullable':
      return [...candidatesOf(def.innerType!, at, options), null];
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return candidatesOf(def.innerType!, at, options);
    case 'union':
      return (def.options ?? []).flatMap((option) => candidatesOf(option, at, options));
    case 'pipe': {
      // A preprocess feeds its output schema; a transform after the input takes what the input takes.
      const sides = [def.in!, def.out!].filter((side) => defOf(side).type !== 'transform');
      return sides.flatMap((side) => candidatesOf(side, at, options));
    }
    default:
      return [];
  }
}

/**
 * The accepted candidates of one field, in order (hints first). A field that may be left out is
 * left out first, unless it has a hint, is a file or `fill` is `all` (then left out last).
 */
function fieldChoices(
  schema: z.core.$ZodType,
  at: FieldContext,
  options: ValidInputOptions,
  topLevel: boolean,
): unknown[] {
  const form = Boolean(options.form) && topLevel;
  const hinted = options.omit?.has(at.key) ? [] : (options.hint?.(at) ?? []);
  const raw = [...hinted, ...candidatesOf(schema, at, options)];
  const seen = new Set<string>();
  const accepted: unknown[] = [];
  for (const value of raw.flatMap((item) => encodings(item, form))) {
    const id = value === fileField ? 'file' : (JSON.stringify(value) ?? 'undefined');
    if (seen.has(id) || !accepts(schema, value)) continue;
    seen.add(id);
    accepted.push(value);
  }
  const optional = accepted.includes(undefined);
  const others = accepted.filter((value) => value !== undefined);
  if (!optional) return accepted;
  if (options.omit?.has(at.key)) return [undefined, ...others];
  if (hinted.length > 0 || accepted[0] === fileField || options.fill === 'all') return [...others, undefined];
  return [undefined, ...others];
}

/** An object's value: each field's first choice, then fields named by failing cross-field rules move on. */
function buildObject(
  schema: z.core.$ZodType,
  path: readonly (string | number)[],
  options: ValidInputOptions,
): Record<string, unknown> {
  const shape = defOf(schema).shape ?? {};
  const value: Record<string, unknown> = {};
  const choices: Record<string, { list: unknown[]; at: number }> = {};
  for (const [key, field] of Object.entries(shape)) {
    const list = fieldChoices(
      field,
      { key, path: [...path, key], siblings: value },
      options,
      path.length === 0,
    );
    choices[key] = { list, at: 0 };
    if (list[0] !== undefined) value[key] = list[0];
  }
  for (let round = 0; round < 40; round += 1) {
    const parsed = z.safeParse(schema, value);
    if (parsed.success) break;
    const key = parsed.error.issues
      .map((issue) => String(issue.path[0]))
      .find((name) => choices[name] && choices[name].at + 1 < choices[name].list.length);
    if (!key) break;
    const choice = choices[key]!;
    choice.at += 1;
    const next = choice.list[choice.at];
    if (next === undefined) delete value[key];
    else value[key] = next;
  }
  return value;
}

/** A value the schema accepts, built from its shape and the hints; `valid` says whether it made one. */
export function validInput(schema: z.core.$ZodType, options: ValidInputOptions = {}): GeneratedInput {
  const root: FieldContext = { key: '', path: [], siblings: {} };
  const candidates = candidatesOf(schema, root, options);
  const value = candidates.find((candidate) => accepts(schema, candidate)) ?? candidates[0];
  const parsed = z.safeParse(schema, value);
  return {
    value,
    valid: parsed.success,
    issues: parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
  };
}

/** Every field name of a schema, nested ones included (the fields of list items, of union options). */
export function fieldKeys(schema: z.core.$ZodType, into = new Set<string>()): Set<string> {
  const def = defOf(schema);
  for (const [key, field] of Object.entries(def.shape ?? {})) {
    into.add(key);
    fieldKeys(field, into);
  }
  const inner = [def.element, def.innerType, def.in, def.out, ...(def.options ?? [])];
  for (const schema of inner) if (schema) fieldKeys(schema, into);
  return into;
}
