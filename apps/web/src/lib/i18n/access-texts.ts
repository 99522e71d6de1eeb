import { i18n, withZeroForms } from './i18n.ts';
import { uiPtBRAccess } from './ui-pt-br-access.ts';

// Imported for its effect by the access pages (first access, password requests and reset): their
// Portuguese texts join the catalogue when their code loads, so the sign-in page does not carry
// them. English and Spanish load whole, on demand.
i18n.addResourceBundle('pt-BR', 'ui', withZeroForms(uiPtBRAccess), true, false);
