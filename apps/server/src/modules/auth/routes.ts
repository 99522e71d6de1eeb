import { clearSessionCookies, sessionCookieName, setSessionCookie } from '../../platform/http/bind-call.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { presentLoggedUser, presentPermissions } from './presenter.ts';
import type { AuthService } from './service.ts';

/** The sign-in calls' handlers. */
export function authHandlers(deps: { auth: AuthService }) {
  return {
    doLogin: async (input, { request, reply }) => {
      const opened = await deps.auth.signIn({
        login: input.login,
        password: input.senha,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(reply, opened);
      return {
        ...presentLoggedUser(await deps.auth.loadLoggedUser(opened.scope)),
        tokenChat: opened.chatToken,
      };
    },

    doLogout: async (_input, { request, reply }) => {
      const token = request.cookies[sessionCookieName];
      const next = token ? await deps.auth.signOut(token) : undefined;
      clearSessionCookies(reply);
      return next ? { ok: true as const, urlSaidaIdp: next } : { ok: true as const };
    },

    recuperaDadosUsuarioLogado: async (_input, context) => {
      const session = context.session;
      return presentLoggedUser(await deps.auth.loadLoggedUser(session));
    },

    recuperaPermissoesUsuario: async (_input, context) => {
      const session = context.session;
      return presentPermissions(await deps.auth.loadLoggedUser(session));
    },
  } satisfies Partial<CallHandlers>;
}
