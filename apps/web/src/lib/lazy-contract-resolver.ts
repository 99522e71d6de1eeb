import type { Language } from '@elo/contract/enums';
import { useMemo } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { currentLanguage } from './i18n/i18n.ts';

type ContractSchema = z.core.$ZodType<FieldValues, FieldValues>;

/** A contract resolver whose code loads on demand, and a way to start loading it early. */
export interface LazyContractResolver<Schema extends ContractSchema> {
  resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  /** Starts fetching the schema and zod (when the user starts filling the form). */
  preload: () => void;
}

/**
 * The contract resolver of a schema that stays out of the page's first load: the schema, zod and
 * the error map are fetched with the first validation (or `preload`), so the sign-in page shows
 * without zod's 16 KiB. Should that code fail to load (the connection dropped), the form is sent
 * as it is: the server checks it with the same schema and answers with the same messages.
 */
export function lazyContractResolver<Schema extends ContractSchema>(
  loadSchema: () => Promise<Schema>,
  language: Language,
): LazyContractResolver<Schema> {
  type Loaded = Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  let loading: Promise<Loaded> | null = null;
  const load = (): Promise<Loaded> => {
    loading ??= Promise.all([import('./contract-resolver.ts'), loadSchema()]).then(
      ([{ contractResolver }, schema]) => contractResolver(schema, language),
      (error: unknown) => {
        loading = null; // the next validation tries again
        throw error;
      },
    );
    return loading;
  };
  return {
    resolver: async (values, context, options) => {
      let resolve: Loaded;
      try {
        resolve = await load();
      } catch {
        return { values: values as z.output<Schema>, errors: {} };
      }
      return resolve(values, context, options);
    },
    preload: () => void load().catch(() => undefined),
  };
}

/**
 * `lazyContractResolver` in the page's language (a language switch re-renders the page, and the
 * resolver follows it). Pass a stable loader (a module-level function).
 */
export function useLazyContractResolver<Schema extends ContractSchema>(loadSchema: () => Promise<Schema>) {
  const language = currentLanguage();
  return useMemo(() => lazyContractResolver(loadSchema, language), [loadSchema, language]);
}
