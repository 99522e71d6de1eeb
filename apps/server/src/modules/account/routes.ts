import type { FastifyInstance } from 'fastify';
import {
  alteraSenhaEFazLogin,
  cadastraNumeroTelefoneDeslogado,
  confirmaNumeroTelefoneDeslogado,
  primeiroAcesso,
  resetaSenhaComToken,
  solicitaTrocaDeSenha,
  validaCodigoSms,
} from '@elo/contract/calls/account';
import {
  bindCall,
  setSessionCookie,
  type BindDeps,
  type CallContext,
} from '../../platform/http/bind-call.ts';
import { presentLoggedUser } from '../auth/presenter.ts';
import type { AuthService } from '../auth/service.ts';
import type { AccountService } from './service.ts';

const metaOf = ({ request, language }: CallContext) => ({
  ip: request.ip,
  language,
  userAgent: request.headers['user-agent'],
});

/** Binds the calls of first access and password recovery. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: BindDeps & { account: AccountService; auth: AuthService },
): void {
  const { account } = deps;

  bindCall(app, deps, primeiroAcesso, (input, context) =>
    account.startFirstAccess(
      { login: input.login, password: input.senha, birthDate: input.dtNascimento },
      metaOf(context),
    ),
  );

  bindCall(app, deps, confirmaNumeroTelefoneDeslogado, (input, context) =>
    account.confirmMobile(
      { token: input.codigoJwtProvisorio, lastDigits: input.ultimosDigitosCelular },
      metaOf(context),
    ),
  );

  bindCall(app, deps, cadastraNumeroTelefoneDeslogado, (input, context) =>
    account.registerMobile(
      {
        token: input.codigoJwtProvisorio,
        ddi: input.ddi,
        number: input.numeroTelefoneNovo,
        code: input.codigoSms,
      },
      metaOf(context),
    ),
  );

  bindCall(app, deps, validaCodigoSms, (input, context) =>
    account.validateFirstAccessCode({ login: input.login, code: input.codigoSms }, metaOf(context)),
  );

  bindCall(app, deps, alteraSenhaEFazLogin, async (input, context) => {
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
  });

  bindCall(app, deps, solicitaTrocaDeSenha, (input, context) =>
    account.requestPasswordReset(
      { login: input.login, lastDigits: input.ultimosDigitosCelular },
      metaOf(context),
    ),
  );

  bindCall(app, deps, resetaSenhaComToken, (input, context) =>
    account.resetPassword(
      { token: input.token, password: input.senha, code: input.codigoSms },
      metaOf(context),
    ),
  );
}
