import 'i18next';
import type { ptBR } from '@elo/contract/i18n/pt-BR';
import type { uiPtBR } from './ui-pt-br.ts';
import type { uiPtBRAccess } from './ui-pt-br-access.ts';
import type { uiPtBRAreas } from './ui-pt-br-areas.ts';

// Types every `t()` call from the Portuguese catalogues, so a mistyped key fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'ui';
    resources: {
      ui: typeof uiPtBR & typeof uiPtBRAccess & typeof uiPtBRAreas;
      errors: (typeof ptBR)['errors'];
      validation: (typeof ptBR)['validation'];
    };
  }
}
