import { ptBR } from '@elo/contract/i18n/pt-BR';
import { i18n } from './i18n.ts';

// Imported for its effect by what shows the contract's Portuguese error and validation texts:
// the contract resolver (so a form's checks), the portal's and administration's texts
// (area-texts.ts), the logout page and the not-yet-approved administrator's notice. The sign-in
// page gets them with its form's checks, on first use, so its first load does not carry them.
// English and Spanish fetch theirs with the rest of the language.
i18n.addResourceBundle('pt-BR', 'errors', ptBR.errors, true, false);
i18n.addResourceBundle('pt-BR', 'validation', ptBR.validation, true, false);
