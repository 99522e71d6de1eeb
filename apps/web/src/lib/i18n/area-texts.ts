import './contract-texts.ts';
import { i18n, withZeroForms } from './i18n.ts';
import { uiPtBRAreas } from './ui-pt-br-areas.ts';

// Imported for its effect by the portal and administration layouts (and the chat connection,
// which may speak before either): their Portuguese texts join the catalogue when their code
// loads, so the login page does not carry them. English and Spanish load whole, on demand.
i18n.addResourceBundle('pt-BR', 'ui', withZeroForms(uiPtBRAreas), true, false);
