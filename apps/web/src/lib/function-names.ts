import type { LoggedUser } from '@elo/contract/calls/auth';
import type { Language, PermissionCode } from '@elo/contract/enums';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n/i18n.ts';
import { useKnownLoggedUser } from './session.ts';

type Shortcut = LoggedUser['atalhosPermissoes'][number];

/**
 * A shortcut's name in `language`: the company's name in that language when it gave one, else its
 * default name (atalho; '' when the company gave none).
 */
export function shortcutName(shortcut: Shortcut | undefined, language: Language): string {
  const inLanguage = language === 'pt-BR' ? undefined : shortcut?.atalhosPorIdioma?.[language];
  return inLanguage?.trim() || (shortcut?.atalho.trim() ?? '');
}

/**
 * The company's own name for a portal function in `language` (atalhosPermissoes, set in the app
 * settings): its name in that language when the company gave one (atalhosPorIdioma), else its
 * default name (atalho), else `defaultLabel`: the chat may be 'Mensagens', and 'Messages' in English.
 */
export function functionName(
  user: Pick<LoggedUser, 'atalhosPermissoes'> | undefined,
  permission: PermissionCode,
  defaultLabel: string,
  language: Language,
): string {
  const shortcut = user?.atalhosPermissoes.find((item) => item.permissao === permission);
  return shortcutName(shortcut, language) || defaultLabel;
}

/**
 * The company's own name for a portal function in `language`, or undefined when it gave none:
 * texts that name the function ('Voltar para as pesquisas') keep their own words then, and say the
 * company's name otherwise ('Voltar para Enquetes').
 */
export function companyFunctionName(
  user: Pick<LoggedUser, 'atalhosPermissoes'> | undefined,
  permission: PermissionCode,
  language: Language,
): string | undefined {
  return functionName(user, permission, '', language) || undefined;
}

/**
 * The page's language, read so that a component naming functions shows them again when the
 * language changes.
 */
export function useFunctionNameLanguage(): Language {
  useTranslation();
  return currentLanguage();
}

/** The signed-in user's company name for a portal function in the page's language, or undefined. */
export function useCompanyFunctionName(permission: PermissionCode): string | undefined {
  return companyFunctionName(useKnownLoggedUser(), permission, useFunctionNameLanguage());
}

/** A text that names a portal function: `plain` when the company named it not, `named(name)` otherwise. */
export function useFunctionText(
  permission: PermissionCode,
  plain: string,
  named: (name: string) => string,
): string {
  const name = useCompanyFunctionName(permission);
  return name ? named(name) : plain;
}

/** The signed-in user's company name for a portal function in the page's language (see `functionName`). */
export function useFunctionName(permission: PermissionCode, defaultLabel: string): string {
  return functionName(useKnownLoggedUser(), permission, defaultLabel, useFunctionNameLanguage());
}
