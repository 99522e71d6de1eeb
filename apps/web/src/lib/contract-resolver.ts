import type { Language } from '@elo/contract/enums';
import { createErrorMap, toFieldErrors } from '@elo/contract/validation';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import { useMemo } from 'react';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { safeParseAsync } from 'zod/v4/core';
import './i18n/contract-texts.ts';
import { currentLanguage, translateContractKey } from './i18n/i18n.ts';

/**
 * A react-hook-form resolver for a contract schema that words errors exactly as the server's
 * 422 does: the same error map and the same `toFieldErrors`. zodResolver drops the issue's
 * limits, so `validation.tooLong` could not fill in its {{max}}; this keeps them.
 */
export function contractResolver<Schema extends z.core.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  language: Language,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return async (values, _context, options) => {
    const result = await safeParseAsync(schema, values, {
      error: createErrorMap(language, translateContractKey),
    });
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const flat: Record<string, FieldError> = {};
    for (const [field, messages] of Object.entries(
      toFieldErrors(result.error.issues, translateContractKey),
    )) {
      flat[field] = { type: 'validation', message: messages[0] ?? '' };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/**
 * The resolver of a schema in the page's language. A component that renders translated text
 * re-renders on a language switch, and the resolver follows it. Pass a stable schema (a module
 * constant or a memoized one).
 */
export function useContractResolver<Schema extends z.core.$ZodType<FieldValues, FieldValues>>(
  schema: Schema,
) {
  const language = currentLanguage();
  return useMemo(() => contractResolver(schema, language), [schema, language]);
}
