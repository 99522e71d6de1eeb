import { useMutation } from '@tanstack/react-query';
import { ApiError } from '#lib/api-client.ts';
import { quietApi } from '#lib/api.ts';
import { clearFirstAccessFlow, type FirstAccessFlow } from '../first-access-flow.ts';
import { useSignIn } from '#lib/sign-in.ts';

/** How the SMS code reaches the user: the mobile on file (its last digits confirmed) or a new number. */
export type CodeDestination = { ultimosDigitosCelular: string } | { ddi: string; numeroTelefoneNovo: string };

// Answers after which the provisional data can never work again: the flow is forgotten at once.
const flowEndingCodes: readonly string[] = ['TOKEN_INVALID', 'FIRST_ACCESS_INVALID', 'FIRST_ACCESS_DONE'];

function forgetRefusedFlow(error: unknown): void {
  if (error instanceof ApiError && error.errorCode && flowEndingCodes.includes(error.errorCode)) {
    clearFirstAccessFlow();
  }
}

/** First access, step 1: login, provisional password and birth date open a provisional token. */
export function useStartFirstAccess() {
  return useMutation({
    mutationFn: (input: Parameters<typeof quietApi.primeiroAcesso>[0]) => quietApi.primeiroAcesso(input),
  });
}

/** Sends (or sends again) the first-access SMS code; answers the masked number it went to. */
export function useSendFirstAccessCode(flow: FirstAccessFlow) {
  return useMutation({
    mutationFn: async (destination: CodeDestination) => {
      const codigoJwtProvisorio = flow.tokenJwtProvisorio;
      const answer =
        'ultimosDigitosCelular' in destination
          ? await quietApi.confirmaNumeroTelefoneDeslogado({ codigoJwtProvisorio, ...destination })
          : await quietApi.cadastraNumeroTelefoneDeslogado({ codigoJwtProvisorio, ...destination });
      return answer.celularMascarado;
    },
    onError: forgetRefusedFlow,
  });
}

/**
 * Checks the first-access SMS code: validaCodigoSms for the mobile on file; for a new number,
 * cadastraNumeroTelefoneDeslogado with the code, which also keeps the number.
 */
export function useCheckFirstAccessCode(flow: FirstAccessFlow) {
  return useMutation({
    mutationFn: async ({ destination, codigoSms }: { destination: CodeDestination; codigoSms: string }) => {
      if ('ultimosDigitosCelular' in destination) {
        await quietApi.validaCodigoSms({ codigoSms, login: flow.login });
        return;
      }
      await quietApi.cadastraNumeroTelefoneDeslogado({
        codigoJwtProvisorio: flow.tokenJwtProvisorio,
        ...destination,
        codigoSms,
      });
    },
    onError: forgetRefusedFlow,
  });
}

/**
 * Ends first access: sets the new password and signs in as doLogin does. The flow, with the
 * provisional password, is forgotten before the signed-in user takes the user to home.
 */
export function useFinishFirstAccess(flow: FirstAccessFlow) {
  return useSignIn(async ({ senhaNova, codigoSms }: { senhaNova: string; codigoSms: string }) => {
    try {
      const answer = await quietApi.alteraSenhaEFazLogin({
        loginUsuario: flow.login,
        senhaAntiga: flow.senhaProvisoria,
        senhaNova,
        codigoSms,
      });
      clearFirstAccessFlow();
      return answer;
    } catch (error) {
      forgetRefusedFlow(error);
      throw error;
    }
  });
}
