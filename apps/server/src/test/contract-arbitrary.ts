import fc from 'fast-check';
import type { z } from 'zod';

/** A zod v4 check as its definition describes it (the parts the generator reads). */
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
}

/** A zod v4 schema's definition (classic and mini alike), with the parts the generator reads. */
interface SchemaDef {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.core.$ZodType>;
  element?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
  pattern?: RegExp;
}

/** Ids the factories' rows have: most generated ids aim at them, so handlers run past "not found". */
const smallIdMax = 4;
/** Lengths of generated text and lists, whatever a schema allows: long input is the hostile side's. */
const lengthCap = 12;

/**
 * Characters that break storage or hide: a NUL (twice as likely: PostgreSQL fails on it), either
 * half of a surrogate pair alone, zero-width ones.
 */
const nastyCharacter = fc.constantFrom('\u0000', '\u0000', '\ud800', '\udfff', '\u200b', '\ufeff');

/** Text made of any code point, with the nasty characters mixed in. */
const hostileText = fc.string({
  unit: fc.oneof(nastyCharacter, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  maxLength: 20,
});

/** A list nested deeper than any call's input. */
const deepList: unknown = JSON.parse('['.repeat(40) + ']'.repeat(40));

/**
 * Values no field expects: numbers past every key, text that breaks storage, wrong types, deep and
 * long values, anything. The portal must answer each with a 4xx, never a 500.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    2_147_483_648,
    -2_147_483_649,
    -1,
    0,
    1.5,
    1e20,
    Number.MAX_SAFE_INTEGER,
    '2147483648',
    '',
    ' ',
    '\u200b\u200b',
    'x'.repeat(20_000),
    true,
    null,
    [],
    {},
    deepList,
  ),
  hostileText,
  fc.anything({ maxDepth: 3 }),
);

function checksOf(def: SchemaDef): CheckDef[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

function textArbitrary(def: SchemaDef): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const format = def.format ?? checks.find((check) => check.check === 'string_format')?.format;
  const pattern = def.pattern ?? checks.find((check) => check.check === 'string_format')?.pattern;
  if (format === 'email') return fc.emailAddress();
  if (format === 'datetime' || format === 'date') {
    const date = fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true });
    return date.map((value) => (format === 'date' ? value.toISOString().slice(0, 10) : value.toISOString()));
  }
  if (pattern) return fc.stringMatching(pattern, { size: 'xsmall' });
  const minLength = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
  const maxLength = checks.find((check) => check.check === 'max_length')?.maximum ?? lengthCap;
  return fc.string({
    unit: 'grapheme',
    minLength,
    maxLength: Math.max(minLength, Math.min(maxLength, lengthCap)),
  });
}

function numberArbitrary(def: SchemaDef): fc.Arbitrary<number> {
  const checks = checksOf(def);
  const integer = checks.some((check) => check.check === 'number_format');
  const lower = checks.find((check) => check.check === 'greater_than');
  const upper = checks.find((check) => check.check === 'less_than');
  if (!integer) {
    return fc.double({
      min: lower?.value ?? -1e6,
      max: upper?.value ?? 1e6,
      minExcluded: lower?.inclusive === false,
      maxExcluded: upper?.inclusive === false,
      noNaN: true,
      noDefaultInfinity: true,
    });
  }
  const min = lower ? lower.value! + (lower.inclusive ? 0 : 1) : -1000;
  const max = upper ? upper.value! - (upper.inclusive ? 0 : 1) : 1000;
  return fc.oneof(
    { arbitrary: fc.integer({ min, max: Math.max(min, Math.min(max, smallIdMax)) }), weight: 3 },
    { arbitrary: fc.integer({ min, max }), weight: 1 },
  );
}

/** Whether a field may be left out of its object. */
function isOptional(schema: z.core.$ZodType): boolean {
  const { type } = schema._zod.def as SchemaDef;
  return type === 'optional' || type === 'default' || type === 'prefault';
}

function shapeArbitrary(def: SchemaDef, hostile: boolean): fc.Arbitrary<unknown> {
  const shape = def.shape ?? {};
  const model = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, valueOf(field, hostile)]),
  );
  // Hostile bodies may leave out any field; the others send every required one.
  const requiredKeys = hostile ? [] : Object.keys(shape).filter((key) => !isOptional(shape[key]!));
  return fc.record(model, { requiredKeys });
}

/** Values a schema accepts, or nearly (refinements, cross-field rules and data aside). */
function validOf(schema: z.core.$ZodType, hostile: boolean): fc.Arbitrary<unknown> {
  const def = schema._zod.def as SchemaDef;
  switch (def.type) {
    case 'object':
      return shapeArbitrary(def, hostile);
    case 'string':
      return textArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'array': {
      const checks = checksOf(def);
      const minLength = checks.find((check) => check.check === 'min_length')?.minimum ?? 0;
      const maxLength = checks.find((check) => check.check === 'max_length')?.maximum ?? lengthCap;
      return fc.array(valueOf(def.element!, hostile), {
        minLength,
        maxLength: Math.max(minLength, Math.min(maxLength, 4)),
      });
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(valueOf(def.innerType!, hostile), { nil: undefined });
    case 'nullable':
      return fc.option(valueOf(def.innerType!, hostile), { nil: null });
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return valueOf(def.innerType!, hostile);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => valueOf(option, hostile)));
    case 'pipe': {
      // A preprocess or transform takes what its output schema takes; a pipe takes its input's.
      const inner = (def.in!._zod.def as SchemaDef).type === 'transform' ? def.out! : def.in!;
      return valueOf(inner, hostile);
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** Numbers just past what an id, a page or a count may be. */
const edgeNumber = fc.constantFrom(2_147_483_648, -1, 0, 1e20, Number.MAX_SAFE_INTEGER, 0.5);

/**
 * A value that nearly fits: text that fits but for a nasty character put anywhere in it, a number
 * of the right type but past its bounds, so the rest of the body still reaches the handler.
 */
function nearMissOf(schema: z.core.$ZodType, valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const { type } = schema._zod.def as SchemaDef;
  if (type === 'string') {
    return fc.tuple(valid, nastyCharacter, fc.nat()).map(([text, character, at]) => {
      const cut = at % (String(text).length + 1);
      return String(text).slice(0, cut) + character + String(text).slice(cut);
    });
  }
  if (type === 'number') return edgeNumber;
  return hostileValue;
}

/** Values for a schema: valid-ish ones, and with `hostile` any of them may miss or be hostile. */
function valueOf(schema: z.core.$ZodType, hostile: boolean): fc.Arbitrary<unknown> {
  const valid = validOf(schema, hostile);
  if (!hostile) return valid;
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: nearMissOf(schema, valid), weight: 2 },
    { arbitrary: hostileValue, weight: 1 },
  );
}

/**
 * Bodies for a call's input schema (zod v4, classic or mini): valid-ish ones (the schema's shape,
 * types, bounds, formats and enums), the same with hostile values anywhere in them, and anything.
 */
export function inputArbitrary(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: valueOf(schema, false), weight: 2 },
    { arbitrary: valueOf(schema, true), weight: 3 },
    { arbitrary: hostileValue, weight: 1 },
  );
}
