import type { uiPtBR } from './ui-pt-br.ts';
import type { uiPtBRAccess } from './ui-pt-br-access.ts';
import type { uiPtBRAreas } from './ui-pt-br-areas.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/** A complete translation of the web app's texts: the Portuguese catalogue, key for key. */
export type UiCatalogue = Widen<typeof uiPtBR & typeof uiPtBRAccess & typeof uiPtBRAreas>;

/** A translation that covers only some texts; i18next falls back to English for the rest. */
export type PartialUiCatalogue = DeepPartial<UiCatalogue>;

/** The administration's home, administrators, users and groups: one area file per language. */
export type AdminHomeTexts = Pick<
  UiCatalogue['admin'],
  | 'areaTitle'
  | 'nav'
  | 'backToPortal'
  | 'figures'
  | 'hrWork'
  | 'menu'
  | 'sections'
  | 'quickAccess'
  | 'quickAccessHint'
  | 'emptyTitle'
  | 'emptyDescription'
  | 'administrators'
  | 'usersAdmin'
  | 'groupsAdmin'
>;
