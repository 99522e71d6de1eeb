import type { ComponentType } from 'react';
import { retryableLazy } from './retryable-lazy.tsx';

/**
 * A page in a chunk of its own, fetched when first shown, so the login page loads only what it
 * needs (budget: 150 KiB gzipped). A chunk that fails to load shows the error page, whose retry
 * imports it again.
 */
export function lazyPage<Props extends object, Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
) {
  return retryableLazy(async () => pick(await load()));
}
