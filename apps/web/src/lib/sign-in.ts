import type { LoggedUser } from '@elo/contract/calls/auth';
import type { Calls } from '@elo/contract/calls/registry';
import type { CallOutput } from '@elo/contract/define-call';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loggedUserQueryKey } from './session.ts';
import { storageKeys, writeStorage } from './storage-keys.ts';

/** What every call that signs in answers: doLogin's shape. */
export type SignInAnswer = CallOutput<Calls['doLogin']>;

/**
 * A mutation for a call that signs in (doLogin, or alteraSenhaEFazLogin at the end of first
 * access): keeps the chat token locally (the chat socket needs it) and makes the answer the
 * known signed-in user, so the guards need not ask the server again.
 */
export function useSignIn<Input>(signIn: (input: Input) => Promise<SignInAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ tokenChat, ...user }) => {
      writeStorage(storageKeys.chatToken, tokenChat);
      queryClient.setQueryData<LoggedUser>(loggedUserQueryKey, user);
    },
  });
}
