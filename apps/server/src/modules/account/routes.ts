import { setSessionCookie, type CallContext } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { presentLoggedUser } from '../auth/presenter.ts';
import type { AuthService } from '../auth/service.ts';
import type { AccountService } from './service.ts';

const metaOf = ({ request, language }: CallContext) => ({
  ip: request.ip,
  language,
  userAgent: request.headers['user-agent'],
});

/** The handlers of first access and password recovery. */
export function accountHandlers(deps: { account: AccountService; auth: AuthService }) {
  const { account } = deps;
  return {
    primeiroAcesso: (input, context) =>
      account.startFirstAccess(
        { login: input.login, password: input.senha, birthDate: input.dtNascimento },
        metaOf(context),
      ),

    confirmaNumeroTelefoneDeslogado: (input, context) =>
      account.confirmMobile(
        { token: input.codigoJwtProvisorio, lastDigits: input.ultimosDigitosCelular },
        metaOf(context),
      ),

    cadastraNumeroTelefoneDeslogado: (input, context) =>
      account.registerMobile(
        {
          token: input.codigoJwtProvisorio,
          ddi: input.ddi,
          number: input.numeroTelefoneNovo,
          code: input.codigoSms,
        },
        metaOf(context),
      ),

    validaCodigoSms: (input, context) =>
      account.validateFirstAccessCode({ login: input.login, code: input.codigoSms }, metaOf(context)),

    alteraSenhaEFazLogin: async (input, context) => {
      const opened = await account.finishFirstAccess(
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

    solicitaTrocaDeSenha: (input, context) =>
      account.requestPasswordReset(
        { login: input.login, lastDigits: input.ultimosDigitosCelular },
        metaOf(context),
      ),

    resetaSenhaComToken: (input, context) =>
      account.resetPassword(
        { token: input.token, password: input.senha, code: input.codigoSms },
        metaOf(context),
      ),
  } satisfies Partial<CallHandlers>;
}
