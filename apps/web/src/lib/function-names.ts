import type { LoggedUser } from '@elo/contract/calls/auth';
import type { PermissionCode } from '@elo/contract/enums';
import { useKnownLoggedUser } from './session.ts';

/**
 * The company's own name for a portal function (atalhosPermissoes, set in the app settings), or
 * `defaultLabel` when the company gave none: the chat may be called 'Conversas' in one company.
 */
export function functionName(
  user: Pick<LoggedUser, 'atalhosPermissoes'> | undefined,
  permission: PermissionCode,
  defaultLabel: string,
): string {
  const named = user?.atalhosPermissoes.find((shortcut) => shortcut.permissao === permission)?.atalho;
  return named?.trim() || defaultLabel;
}

/**
 * The company's own name for a portal function, or undefined when it gave none: texts that name the
 * function ('Voltar para as pesquisas') keep their own words then, and say the company's name
 * otherwise ('Voltar para Enquetes').
 */
export function companyFunctionName(
  user: Pick<LoggedUser, 'atalhosPermissoes'> | undefined,
  permission: PermissionCode,
): string | undefined {
  return functionName(user, permission, '') || undefined;
}

/** The signed-in user's company name for a portal function, or undefined (see `companyFunctionName`). */
export function useCompanyFunctionName(permission: PermissionCode): string | undefined {
  return companyFunctionName(useKnownLoggedUser(), permission);
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

/** The signed-in user's company name for a portal function (see `functionName`). */
export function useFunctionName(permission: PermissionCode, defaultLabel: string): string {
  return functionName(useKnownLoggedUser(), permission, defaultLabel);
}
