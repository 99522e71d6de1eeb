import type { FastifyInstance } from 'fastify';
import {
  doLogin,
  doLogout,
  recuperaDadosUsuarioLogado,
  recuperaPermissoesUsuario,
} from '@elo/contract/calls/auth';
import {
  bindCall,
  requireSession,
  sessionCookieName,
  setSessionCookie,
  type BindDeps,
} from '../../platform/http/bind-call.ts';
import { presentLoggedUser, presentPermissions } from './presenter.ts';
import type { AuthService } from './service.ts';

/** Binds the sign-in calls. */
export function registerAuthRoutes(app: FastifyInstance, deps: BindDeps & { auth: AuthService }): void {
  bindCall(app, deps, doLogin, async (input, { request, reply }) => {
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
  });

  bindCall(app, deps, doLogout, async (_input, { request, reply }) => {
    const token = request.cookies[sessionCookieName];
    if (token) await deps.auth.signOut(token);
    void reply.clearCookie(sessionCookieName, { path: '/' });
    return { ok: true as const };
  });

  bindCall(app, deps, recuperaDadosUsuarioLogado, async (_input, context) => {
    const session = requireSession(context);
    return presentLoggedUser(await deps.auth.loadLoggedUser(session));
  });

  bindCall(app, deps, recuperaPermissoesUsuario, async (_input, context) => {
    const session = requireSession(context);
    return presentPermissions(await deps.auth.loadLoggedUser(session));
  });
}
