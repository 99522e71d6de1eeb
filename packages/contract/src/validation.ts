import type { z } from 'zod';
import { en, es, pt } from 'zod/locales';
import type { Language } from './enums.ts';

/** Translates a catalogue key with interpolation values (i18next's `t` fits). */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

const zodLocales: Record<Language, () => { localeError: z.core.$ZodErrorMap }> = {
  'pt-BR': pt,
  en,
  es,
};

/**
 * The error map to parse with in a language: a missing value reads "required", everything
 * else falls back to zod's own translation. Schema-level keys (`validation.*`) win over it.
 */
export function createErrorMap(language: Language, t: Translate): z.core.$ZodErrorMap {
  const localeError = zodLocales[language]().localeError;
  return (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return t('validation.required');
    return localeError(issue);
  };
}

/** One zod issue's message, translated with the limit it names (`{{max}}`, `{{min}}`) filled in. */
export function issueMessage(issue: z.core.$ZodIssue, t: Translate): string {
  if (!issue.message.startsWith('validation.')) return issue.message;
  const params: Record<string, unknown> = {};
  if ('maximum' in issue) params.max = Number(issue.maximum);
  if ('minimum' in issue) params.min = Number(issue.minimum);
  return t(issue.message, params);
}

/** Turns zod issues into the spec's 422 field map: field path → translated messages. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], t: Translate): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_body';
    (errors[field] ??= []).push(issueMessage(issue, t));
  }
  return errors;
}
