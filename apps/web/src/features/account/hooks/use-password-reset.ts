import { useMutation } from '@tanstack/react-query';
import { quietApi } from '#lib/api.ts';

/**
 * Asks for a new password: by e-mail (a link is mailed, no token comes back) or by matricula and
 * the mobile's last digits (an SMS code is sent, the answer carries the reset page's token).
 */
export function useRequestPasswordChange() {
  return useMutation({
    mutationFn: (input: Parameters<typeof quietApi.solicitaTrocaDeSenha>[0]) =>
      quietApi.solicitaTrocaDeSenha(input),
  });
}

/** Sets a new password with a reset token (and the SMS code when the token came by matricula). */
export function useResetPassword() {
  return useMutation({
    mutationFn: (input: Parameters<typeof quietApi.resetaSenhaComToken>[0]) =>
      quietApi.resetaSenhaComToken(input),
  });
}
