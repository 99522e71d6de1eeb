import { quietApi } from '#lib/api.ts';
import { useSignIn } from '#lib/sign-in.ts';

/**
 * Signs in with doLogin, through the client that never redirects (a wrong password is not an
 * expired session).
 */
export function useLogin() {
  return useSignIn((input: Parameters<typeof quietApi.doLogin>[0]) => quietApi.doLogin(input));
}
