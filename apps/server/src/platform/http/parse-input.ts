import { z } from 'zod';
import { inspectInput } from '@elo/contract/text';
import { createErrorMap, toFieldErrors, type Translate } from '@elo/contract/validation';
import type { Language } from '@elo/contract/enums';
import { AppError, invalidFields } from './app-error.ts';

/**
 * Validates what a client sent against its contract schema, the one way every call, download and
 * chat frame is read: values nested past the bound are an unreadable body (400); text no column
 * can hold as sent (a NUL, half a surrogate pair) is refused on its fields before any schema or
 * query sees it (422); then the schema's own translated messages (422).
 */
export function parseInput<Schema extends z.core.$ZodType>(
  schema: Schema,
  input: unknown,
  language: Language,
  t: Translate,
): z.output<Schema> {
  const problem = inspectInput(input);
  if (problem?.tooDeep) throw new AppError('MALFORMED_BODY');
  if (problem) {
    throw invalidFields(
      Object.fromEntries(problem.unstorableFields.map((field) => [field, ['validation.textInvalid']])),
    );
  }
  const parsed = z.safeParse(schema, input, { error: createErrorMap(language, t) });
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', { fieldErrors: toFieldErrors(parsed.error.issues, t) });
  }
  return parsed.data;
}

/** The names of an object schema's fields (the parts a multipart call takes). */
export function inputFieldNames(schema: z.core.$ZodType): ReadonlySet<string> {
  const { shape } = schema._zod.def as { shape?: Record<string, unknown> };
  return new Set(Object.keys(shape ?? {}));
}

/** A schema's definition, with the parts that wrap another schema (optional, default…). */
interface WrappingDef {
  type: string;
  innerType?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
}

/**
 * The fields of a multipart call's input that carry files: the contract declares them as
 * `z.custom<Blob>()` (optional or not); every other field is text.
 */
export function inputFileFieldNames(schema: z.core.$ZodType): ReadonlySet<string> {
  const { shape } = schema._zod.def as WrappingDef;
  const names = new Set<string>();
  for (const [name, field] of Object.entries(shape ?? {})) {
    let def = field._zod.def as WrappingDef;
    while (def.innerType) def = def.innerType._zod.def as WrappingDef;
    if (def.type === 'custom') names.add(name);
  }
  return names;
}
