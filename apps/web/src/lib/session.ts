import type { LoggedUser } from '@elo/contract/calls/auth';
import type { PermissionCode } from '@elo/contract/enums';
import { sessionHintCookie } from '@elo/contract/session-hint';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { quietApi } from './api.ts';
import { ApiError } from './api-client.ts';

/** Cache key of the signed-in user (recuperaDadosUsuarioLogado, or doLogin's answer). */
export const loggedUserQueryKey = ['logged-user'] as const;

/** The signed-in user, asked of the server once per page load and kept until logout clears the cache. */
export const loggedUserQueryOptions = queryOptions({
  queryKey: loggedUserQueryKey,
  queryFn: ({ signal }) => quietApi.recuperaDadosUsuarioLogado({}, { signal }),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
});

/** The signed-in user, fetching it when it is not known yet. */
export function useLoggedUser() {
  return useQuery(loggedUserQueryOptions);
}

/** The signed-in user when already known; never starts a request (for pages behind the guards). */
export function useKnownLoggedUser(): LoggedUser | undefined {
  return useQuery({ ...loggedUserQueryOptions, enabled: false }).data;
}

/** Whether the user holds a permission (spec section 6: permissions are strings from the server). */
export function hasPermission(user: LoggedUser | undefined, permission: PermissionCode): boolean {
  return user?.permissoes.includes(permission) ?? false;
}

/**
 * Whether this browser holds a session cookie, as its readable hint says: public pages ask the
 * server for the signed-in user only then, so a visitor's page makes no call that answers 401.
 */
export function mayHaveSession(): boolean {
  return document.cookie.split(';').some((entry) => entry.trim().startsWith(`${sessionHintCookie}=`));
}
