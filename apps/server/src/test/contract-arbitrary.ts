import fc from 'fast-check';
import type { z } from 'zod';
import { encodeMultipart, type RawPart } from './raw-multipart.ts';
import type { CheckDef, SchemaDef } from './zod-definition.ts';

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

// ── Multipart bodies and download addresses ─────────────────────────────────────────────────

/** A file the multipart fuzz may send: bytes of some kind, with the name and type a sender gave. */
export interface FuzzFile {
  name: string;
  type: string;
  body: Buffer;
}

/** A fuzzed multipart request: the Content-Type sent and the bytes after it. */
export interface MultipartRequest {
  contentType: string;
  payload: Buffer;
  /** File parts sent, well-formed, under the call's file fields: the most a success may store. */
  filesInFileFields: number;
  /** What was sent, short enough to read in a failure report. */
  summary: string;
}

/** Names a part may have besides the call's own: unknown, empty, a prototype's, quoting or accented. */
const strangePartName = fc.constantFrom(
  'outro',
  '',
  '__proto__',
  'constructor',
  'toString',
  'a"b',
  'ção',
  'x'.repeat(300),
);

/** The text a browser's FormData sends for a value (lists are repeated fields). */
function formTexts(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value))
    return value.flatMap((item) => (Array.isArray(item) ? [JSON.stringify(item)] : formTexts(item)));
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return [JSON.stringify(value) ?? ''];
  return [String(value)];
}

/** What happens to a well-formed body on its way: nothing mostly, else a broken header or body. */
type Envelope =
  | { kind: 'whole' }
  | { kind: 'no boundary' }
  | { kind: 'other boundary'; boundary: string }
  | { kind: 'cut'; at: number }
  | { kind: 'bytes inserted'; at: number; bytes: Uint8Array }
  | { kind: 'LF line ends' }
  | { kind: 'no closing boundary' };

/** Where in a body it breaks, as a share of its length. */
const fraction = fc.integer({ min: 0, max: 1000 }).map((share) => share / 1000);

const envelopeArbitrary: fc.Arbitrary<Envelope> = fc.oneof(
  { weight: 30, arbitrary: fc.constant<Envelope>({ kind: 'whole' }) },
  { weight: 1, arbitrary: fc.constant<Envelope>({ kind: 'no boundary' }) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', 'Outra', 'b'.repeat(300), '"', 'a b')
      .map((boundary): Envelope => ({ kind: 'other boundary', boundary })),
  },
  {
    weight: 3,
    arbitrary: fraction.map((at): Envelope => ({ kind: 'cut', at })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fraction, fc.uint8Array({ minLength: 1, maxLength: 40 }))
      .map(([at, bytes]): Envelope => ({ kind: 'bytes inserted', at, bytes })),
  },
  { weight: 1, arbitrary: fc.constant<Envelope>({ kind: 'LF line ends' }) },
  { weight: 1, arbitrary: fc.constant<Envelope>({ kind: 'no closing boundary' }) },
);

/** The multipart body's bytes and header after the envelope's damage. */
function deliver(
  body: Buffer,
  boundary: string,
  envelope: Envelope,
): { contentType: string; payload: Buffer } {
  const contentType = `multipart/form-data; boundary=${boundary}`;
  switch (envelope.kind) {
    case 'whole':
      return { contentType, payload: body };
    case 'no boundary':
      return { contentType: 'multipart/form-data', payload: body };
    case 'other boundary':
      return { contentType: `multipart/form-data; boundary=${envelope.boundary}`, payload: body };
    case 'cut':
      return { contentType, payload: body.subarray(0, Math.floor(body.length * envelope.at)) };
    case 'bytes inserted': {
      const at = Math.floor(body.length * envelope.at);
      return {
        contentType,
        payload: Buffer.concat([body.subarray(0, at), envelope.bytes, body.subarray(at)]),
      };
    }
    case 'LF line ends':
      return {
        contentType,
        payload: Buffer.from(body.toString('latin1').replaceAll('\r\n', '\n'), 'latin1'),
      };
    case 'no closing boundary':
      return { contentType, payload: body.subarray(0, body.length - boundary.length - 6) };
  }
}

/** The types a piped form field's output may have for its text to be drawn from it. */
const textLikeTypes = new Set(['string', 'number', 'enum', 'literal', 'boolean']);

/** A schema without its optional or default wrapping. */
function unwrapped(schema: z.core.$ZodType): SchemaDef {
  let def = schema._zod.def as SchemaDef;
  while ((def.type === 'optional' || def.type === 'default') && def.innerType)
    def = def.innerType._zod.def as SchemaDef;
  return def;
}

/**
 * A valid-ish value of a form field, as the text a form would hold: a field read from text and
 * then checked (`z.string().transform(…).pipe(z.iso.datetime())`) takes a value of what it is
 * checked as, and a JSON text field (piped to an object or a list) the JSON of one.
 */
function formFieldOf(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  const def = schema._zod.def as SchemaDef;
  if ((def.type === 'optional' || def.type === 'default') && def.innerType)
    return fc.option(formFieldOf(def.innerType), { nil: undefined });
  if (def.type !== 'pipe' || !def.out) return valueOf(schema, false);
  const out = unwrapped(def.out);
  if (textLikeTypes.has(out.type)) return valueOf(def.out, false);
  if (out.type === 'object' || out.type === 'array')
    return valueOf(def.out, false).map((value) => JSON.stringify(value));
  return formFieldOf(def.in!);
}

/** Valid-ish values of a multipart call's form: every required field, text as a form holds it. */
function formOf(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  const shape = (schema._zod.def as SchemaDef).shape ?? {};
  const model = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, formFieldOf(field)]));
  return fc.record(model, { requiredKeys: Object.keys(shape).filter((key) => !isOptional(shape[key]!)) });
}

/**
 * Multipart requests for a call, as a browser or anything else might send them: its text fields
 * with values from its contract schema (valid-ish or hostile), files of any kind in its file
 * fields, in its text fields and under names it does not take, text in its file fields, floods of
 * parts and oversized fields; then, now and then, the body cut short, bytes put in, another
 * boundary or none in the header, bare LF line ends, no closing boundary.
 */
export function multipartArbitrary(options: {
  input: z.core.$ZodType;
  fieldNames: ReadonlySet<string>;
  fileFields: ReadonlySet<string>;
  /** Files to send (pictures of the sizes calls ask for, video, PDF, anything). */
  files: readonly FuzzFile[];
}): fc.Arbitrary<MultipartRequest> {
  const fileFields = [...options.fileFields];
  const textFields = [...options.fieldNames].filter((name) => !options.fileFields.has(name));
  // Valid-ish bodies weigh more than in `inputArbitrary`: a multipart body has more ways to fail
  // besides, and the handlers must run past validation often enough.
  const values = fc.oneof(
    { weight: 4, arbitrary: formOf(options.input) },
    { weight: 2, arbitrary: valueOf(options.input, true) },
    { weight: 1, arbitrary: hostileValue },
  );
  // A comma list of ids (`idsGrupos`) is text to its schema: lists of the small ids the factories'
  // rows have are drawn for it most of the time, so the rest of the form gets its turn.
  const idLists = fc.record(
    Object.fromEntries(
      textFields
        .filter((name) => name.startsWith('ids'))
        .map((name) => [
          name,
          fc.option(
            fc
              .array(fc.integer({ min: 1, max: smallIdMax }), { minLength: 1, maxLength: 3 })
              .map((ids) => ids.join(',')),
            { freq: 5, nil: undefined },
          ),
        ]),
    ),
  );
  const textParts = fc.tuple(values, idLists).map(([drawn, lists]) => {
    if (typeof drawn !== 'object' || drawn === null || Array.isArray(drawn)) return [];
    const listed = Object.fromEntries(Object.entries(lists).filter(([, list]) => list !== undefined));
    const value: Record<string, unknown> = { ...drawn, ...listed };
    return Object.entries(value)
      .filter(([name]) => !options.fileFields.has(name))
      .flatMap(([name, item]) => formTexts(item).map((body): RawPart => ({ name, body })));
  });
  const fileName = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...options.files.map((file) => file.name)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '../../etc/passwd', 'a"b.png', 'x'.repeat(300) + '.png', 'ção 😀.png'),
    },
  );
  const fileBody = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...options.files.map((file) => file.body)) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)) },
  );
  const partName = (own: string[]) =>
    own.length > 0
      ? fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: strangePartName })
      : strangePartName;
  const filePart: fc.Arbitrary<RawPart & { inFileField: boolean }> = fc
    .record({
      name: fc.oneof(
        { weight: fileFields.length > 0 ? 8 : 0, arbitrary: partName(fileFields) },
        { weight: 1, arbitrary: partName(textFields) },
      ),
      fileName,
      type: fc.constantFrom(
        'image/png',
        'image/jpeg',
        'video/mp4',
        'application/pdf',
        'text/html',
        'application/octet-stream',
        '',
      ),
      body: fileBody,
    })
    .map((part) => ({ ...part, inFileField: options.fileFields.has(part.name) }));
  /** Parts a call does not expect as they come: text in a file field, floods, oversized text. */
  const oddParts: fc.Arbitrary<RawPart[]> = fc.oneof(
    { weight: 20, arbitrary: fc.constant<RawPart[]>([]) },
    {
      weight: 1,
      arbitrary: partName(fileFields).map((name) => [{ name, body: 'arquivo.png' }]),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(partName(textFields), fc.integer({ min: 25, max: 70 }))
        .map(([name, size]) =>
          Array.from({ length: size }, (_, index) => ({ name, body: `parte ${index}` })),
        ),
    },
    {
      weight: 1,
      arbitrary: partName(textFields).map((name) => [{ name, body: 'x'.repeat(200_001) }]),
    },
  );
  const boundary = fc.stringMatching(/^[A-Za-z0-9_-]{8,60}$/).map((text) => `----Elo${text}`);
  return fc
    .record({
      texts: textParts,
      files: fc.oneof(
        { weight: 6, arbitrary: fc.array(filePart, { maxLength: 1 }) },
        { weight: 2, arbitrary: fc.array(filePart, { minLength: 2, maxLength: 3 }) },
        { weight: 1, arbitrary: fc.array(filePart, { minLength: 4, maxLength: 12 }) },
      ),
      odd: oddParts,
      order: fc.array(fc.nat(), { maxLength: 100 }),
      boundary,
      envelope: envelopeArbitrary,
    })
    .map(({ texts, files, odd, order, boundary: mark, envelope }) => {
      const parts: RawPart[] = [...texts, ...files, ...odd];
      // Parts in any order: swap each with one the draw names.
      if (parts.length > 1)
        order.forEach((draw, index) => {
          const from = index % parts.length;
          const to = draw % parts.length;
          [parts[from], parts[to]] = [parts[to]!, parts[from]!];
        });
      const { contentType, payload } = deliver(encodeMultipart(parts, mark), mark, envelope);
      const described = parts
        .map((part) =>
          part.fileName === undefined
            ? `${part.name}=${JSON.stringify(String(part.body).slice(0, 40))}${String(part.body).length > 40 ? '…' : ''}`
            : `${part.name}: file ${JSON.stringify(part.fileName.slice(0, 40))} (${part.type}, ${part.body.length} bytes)`,
        )
        .join('; ');
      const request: MultipartRequest = {
        contentType,
        payload,
        filesInFileFields: files.filter((file) => file.inFileField).length,
        summary: `${envelope.kind === 'whole' ? '' : `${JSON.stringify(envelope)} `}${contentType} [${described}]`,
      };
      return Object.assign(request, { [fc.toStringMethod]: () => request.summary });
    });
}

/** Every byte of UTF-8 text percent-encoded: halves of surrogate pairs and NULs travel too. */
function percentEncoded(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** Path segments no id should be, encoded or not (a bad escape, a slash, a dot-dot, a huge number). */
const hostileSegment = fc.constantFrom(
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e20',
  '9'.repeat(400),
  'abc',
  '%00',
  '%ZZ',
  '%',
  '..',
  '%2F',
  '%20',
  '%C3%A7',
  '%F0%9F%98%80',
  '%ED%A0%80',
);

/**
 * Addresses for a download (`/backend<path>` with its parameters and a query): parameters and query
 * values from its contract schema (valid-ish or hostile), huge and malformed ids, formats it
 * offers and others, unknown and repeated query parameters, prototype names.
 */
export function downloadUrlArbitrary(download: {
  path: string;
  input: z.core.$ZodType;
  formats: readonly string[];
}): fc.Arbitrary<string> {
  const pathParams = [...download.path.matchAll(/:([A-Za-z]+)/g)]
    .map((match) => match[1]!)
    .filter((name) => name !== 'formato');
  const segment = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: smallIdMax }).map(String) },
    { weight: 2, arbitrary: hostileSegment },
    { weight: 1, arbitrary: hostileText.map(percentEncoded) },
  );
  const format = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...download.formats) },
    { weight: 1, arbitrary: fc.constantFrom('json', 'pdf', 'CSV', 'csv.csv', '', 'x'.repeat(300), '%00') },
  );
  const query = inputArbitrary(download.input).map((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    return Object.entries(value)
      .filter(([name]) => !pathParams.includes(name))
      .flatMap(([name, item]) => formTexts(item).map((text) => `${name}=${percentEncoded(text)}`));
  });
  const strayQuery = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string[]>([]) },
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.tuple(
            fc.constantFrom('__proto__', 'constructor', 'outro', 'formato', ...pathParams),
            hostileSegment,
          ),
          { minLength: 1, maxLength: 4 },
        )
        .map((pairs) => pairs.map(([name, value]) => `${name}=${value}`)),
    },
  );
  return fc
    .record({
      params: fc.tuple(...pathParams.map(() => segment)),
      format,
      query,
      strayQuery,
    })
    .map(({ params, format: formato, query: pairs, strayQuery: stray }) => {
      let index = 0;
      const path = download.path.replace(/:([A-Za-z]+)/g, (_match, name: string) =>
        name === 'formato' ? formato : params[index++]!,
      );
      const search = [...pairs, ...stray].join('&');
      return `/backend${path}${search ? `?${search}` : ''}`;
    });
}
