import type { LoggedUser } from '@elo/contract/calls/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quietApi } from '#lib/api.ts';
import { loggedUserQueryKey } from '#lib/session.ts';
import { storageKeys, writeStorage } from '#lib/storage-keys.ts';

/**
 * Signs in with doLogin, through the client that never redirects (a wrong password is not an
 * expired session): keeps the chat token locally (the chat socket needs it) and makes the
 * answer the known signed-in user, so the guards need not ask the server again.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<typeof quietApi.doLogin>[0]) => quietApi.doLogin(input),
    onSuccess: ({ tokenChat, ...user }) => {
      writeStorage(storageKeys.chatToken, tokenChat);
      queryClient.setQueryData<LoggedUser>(loggedUserQueryKey, user);
    },
  });
}
