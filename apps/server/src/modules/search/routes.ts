import type { CallHandlers } from '../../platform/http/register-calls.ts';
import type { SearchModule } from './model.ts';
import { searchPortal } from './search.ts';
import { presentSearch, searchQueryOf } from './wire.ts';

/** The portal-wide search: what the caller may see, by each module's own rule. */
export function searchHandlers({ search }: { search: SearchModule }) {
  return {
    buscaGeral: async (input, { session }) =>
      presentSearch(await searchPortal(search, session, searchQueryOf(input))),
  } satisfies Partial<CallHandlers>;
}
