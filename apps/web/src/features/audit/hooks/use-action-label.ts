import { AuditAction, type AuditActionCode } from '@elo/contract/calls/audit';
import { useTranslation } from 'react-i18next';

const knownActions = new Set<string>(Object.values(AuditAction));

/** An action's name in the page's language when the portal knows it, its code otherwise. */
export function useActionLabel(): (code: string) => string {
  const { t } = useTranslation();
  return (code) => (knownActions.has(code) ? t(`admin.audit.actions.${code as AuditActionCode}`) : code);
}
