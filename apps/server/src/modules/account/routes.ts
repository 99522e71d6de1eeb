import { setSessionCookie, type CallContext } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { presentLoggedUser } from '../auth/presenter.ts';
import type { AuthService } from '../auth/service.ts';
import {
  confirmMobile,
  finishFirstAccess,
  registerMobile,
  startFirstAccess,
  validateFirstAccessCode,
} from './first-access.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import type { AccountService } from './service.ts';
import { presentCodeSent, presentFirstAccessStart, presentMobileStep, validCodeAnswer } from './wire.ts';

const metaOf = ({ request, language }: CallContext) => ({
  ip: request.ip,
  language,
  userAgent: request.headers['user-agent'],
});

/** The handlers of first access and password recovery. */
export function accountHandlers(deps: { account: AccountService; auth: AuthService }) {
  const { account } = deps;
  return {
    primeiroAcesso: async (input, context) =>
      presentFirstAccessStart(
        await startFirstAccess(
          account,
          { login: input.login, password: input.senha, birthDate: input.dtNascimento },
          metaOf(context),
        ),
      ),

    confirmaNumeroTelefoneDeslogado: async (input, context) =>
      presentCodeSent(
        await confirmMobile(
          account,
          { token: input.codigoJwtProvisorio, lastDigits: input.ultimosDigitosCelular },
          metaOf(context),
        ),
      ),

    cadastraNumeroTelefoneDeslogado: async (input, context) =>
      presentMobileStep(
        await registerMobile(
          account,
          {
            token: input.codigoJwtProvisorio,
            ddi: input.ddi,
            number: input.numeroTelefoneNovo,
            code: input.codigoSms,
          },
          metaOf(context),
        ),
      ),

    validaCodigoSms: async (input, context) => {
      await validateFirstAccessCode(account, { login: input.login, code: input.codigoSms }, metaOf(context));
      return validCodeAnswer;
    },

    alteraSenhaEFazLogin: async (input, context) => {
      const opened = await finishFirstAccess(
        account,
        {
          login: input.loginUsuario,
          oldPassword: input.senhaAntiga,
          newPassword: input.senhaNova,
          code: input.codigoSms,
        },
        metaOf(context),
      );
      setSessionCookie(context.reply, opened);
      return {
        ...presentLoggedUser(await deps.auth.loadLoggedUser(opened.scope)),
        tokenChat: opened.chatToken,
      };
    },

    solicitaTrocaDeSenha: async (input, context) => ({
      tokenRecuperacao: await requestPasswordReset(
        account,
        { login: input.login, lastDigits: input.ultimosDigitosCelular },
        metaOf(context),
      ),
    }),

    resetaSenhaComToken: async (input, context) => {
      await resetPassword(
        account,
        { token: input.token, password: input.senha, code: input.codigoSms },
        metaOf(context),
      );
      return { ok: true as const };
    },
  } satisfies Partial<CallHandlers>;
}
