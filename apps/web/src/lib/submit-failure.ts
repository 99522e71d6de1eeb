import type { ErrorCode } from '@elo/contract/errors';
import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessageOf } from './api-client.ts';

/** What a form shows in its alert after a failed submit. */
export interface SubmitFailure {
  /** Empty when the answer had nothing to say (spec section 8: show nothing). */
  message: string;
  errorCode: ErrorCode | null;
  /** Seconds until a throttled call may be retried (429). */
  retryAfter: number | null;
}

/** Where a form's fields are, and how the server names those it calls differently. */
export interface FormFields<Form extends FieldValues> {
  fields: readonly Path<Form>[];
  /** Server field name → form field, for a field the form names otherwise (`senhaNova` → `senha`). */
  aliases?: Readonly<Record<string, Path<Form>>>;
}

/**
 * Puts a failed call's 422 field errors beside the form's fields, focusing the first, and
 * returns what is left to show in an alert: null when the fields told it all.
 */
export function reportSubmitError<Form extends FieldValues>(options: {
  error: unknown;
  setError: UseFormSetError<Form>;
  fallback: string;
  form: FormFields<Form>;
}): SubmitFailure | null {
  const { error, setError, form } = options;
  const fieldErrors = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
  const formFieldOf = (serverField: string): Path<Form> | undefined =>
    form.aliases?.[serverField] ?? form.fields.find((field) => field === serverField);
  const elsewhere: string[] = [];
  let focused = false;
  for (const [serverField, message] of fieldErrors) {
    const field = formFieldOf(serverField);
    if (!field) {
      elsewhere.push(message);
      continue;
    }
    setError(field, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  if (focused && elsewhere.length === 0) return null;
  return {
    message: elsewhere[0] ?? errorMessageOf(error, options.fallback),
    errorCode: error instanceof ApiError ? error.errorCode : null,
    retryAfter: error instanceof ApiError ? error.retryAfter : null,
  };
}

/**
 * A form's failed-submit state: `report` sends field errors to the fields and keeps the rest
 * for the page's alert; `clear` forgets it when the form is sent again.
 */
export function useSubmitFailure<Form extends FieldValues>(
  setError: UseFormSetError<Form>,
  form: FormFields<Form>,
  fallback: string,
) {
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const report = useCallback(
    (error: unknown) => {
      const left = reportSubmitError({ error, setError, form, fallback });
      setFailure(left);
      return left;
    },
    [setError, form, fallback],
  );
  const clear = useCallback(() => setFailure(null), []);
  return { failure, report, clear };
}
