import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ssoCodeParam, ssoCompletePath, ssoErrorParam } from '@elo/contract/sso-params';
import { fromFlag } from '@elo/contract/wire';
import { setSessionCookie } from '../../platform/http/bind-call.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { presentLoggedUser } from '../auth/presenter.ts';
import {
  completeSignIn,
  finishOidcSignIn,
  finishSamlSignIn,
  serviceProviderMetadata,
  SignInRefused,
  ssoForLogin,
  startSignIn,
  type SsoService,
} from './service.ts';
import { readSsoSettings, saveSsoSettings, testSsoSettings } from './settings.ts';
import { presentChecks, presentSettings } from './wire.ts';

/** The single sign-on calls: the administration's settings, and the login page's two. */
export function ssoHandlers({ sso }: { sso: SsoService }) {
  return {
    consultaConfiguracaoSsoAdmin: async (_input, { session }) =>
      presentSettings(await readSsoSettings(sso, session.companyId), sso.publicUrl, session.companyId),
    salvaConfiguracaoSsoAdmin: async (input, { session, actor }) => {
      await saveSsoSettings(
        sso,
        session.companyId,
        {
          protocol: input.protocolo,
          active: fromFlag(input.flAtivo),
          domains: input.dominiosEmail,
          issuer: input.emissor,
          clientId: input.clientId || undefined,
          clientSecret: input.clientSecret || undefined,
          samlMetadata: input.metadadosSaml || undefined,
          loginClaim: input.claimLogin,
          groupsClaim: input.claimGrupos,
          groupMappings: input.mapeamentoGrupos.map((mapping) => ({
            value: mapping.valor,
            groupId: mapping.idGrupo,
          })),
          createUsers: fromFlag(input.flCriarUsuarios),
          ssoOnly: fromFlag(input.flSomenteSso),
          exceptionUserIds: input.idsUsuariosExcecao,
          version: input.versao,
        },
        actor,
      );
      return presentSettings(await readSsoSettings(sso, session.companyId), sso.publicUrl, session.companyId);
    },
    testaConfiguracaoSsoAdmin: async (_input, { session, language }) =>
      presentChecks(await testSsoSettings(sso, session.companyId, language)),
    consultaSsoLogin: async (input) => {
      const found = await ssoForLogin(sso, input.login);
      return found
        ? {
            flSso: 'S' as const,
            flSomenteSso: found.ssoOnly ? ('S' as const) : ('N' as const),
            urlInicio: found.startUrl,
          }
        : { flSso: 'N' as const, flSomenteSso: 'N' as const };
    },
    concluiLoginSso: async (input, { request, reply }) => {
      const { opened, user } = await completeSignIn(sso, input.codigo, originOf(request));
      setSessionCookie(reply, opened);
      return { ...presentLoggedUser(user), tokenChat: opened.chatToken };
    },
  } satisfies Partial<CallHandlers>;
}

const originOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/**
 * The browser's side of a sign-in: where it starts, where the provider sends it back (OIDC's
 * redirect, SAML's POST to the ACS), and the SAML metadata. A failure goes back to the login page
 * with its code (`?erroSso=`); a success to the page that trades the one-time code.
 */
export function registerSsoRoutes(sso: SsoService) {
  const loginPage = (code: string) => `${sso.publicUrl}/?${ssoErrorParam}=${encodeURIComponent(code)}`;
  const failed = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const code = error instanceof AppError ? error.code : 'SSO_SIGN_IN_FAILED';
    const reason = error instanceof SignInRefused ? error.reason : error;
    if (!(error instanceof AppError) || error instanceof SignInRefused) {
      request.log.warn({ err: reason }, 'single sign-on refused');
    }
    return reply.redirect(loginPage(code), 303);
  };
  const signedIn = (reply: FastifyReply, code: string) =>
    reply.redirect(`${sso.publicUrl}${ssoCompletePath}#${ssoCodeParam}=${code}`, 303);

  return async (app: FastifyInstance) => {
    app.get<{ Params: { idEmpresa: string } }>('/backend/sso/:idEmpresa/inicio', async (request, reply) => {
      const companyId = Number(request.params.idEmpresa);
      if (!Number.isSafeInteger(companyId) || companyId <= 0)
        return failed(request, reply, new AppError('SSO_NOT_AVAILABLE'));
      try {
        return reply.redirect(await startSignIn(sso, companyId), 302);
      } catch (error) {
        return failed(request, reply, error instanceof AppError ? error : new SignInRefused(error));
      }
    });

    app.get('/backend/sso/oidc/retorno', async (request, reply) => {
      try {
        const code = await finishOidcSignIn(sso, new URL(request.url, sso.publicUrl), originOf(request));
        return signedIn(reply, code);
      } catch (error) {
        return failed(request, reply, error);
      }
    });

    app.get<{ Params: { idEmpresa: string } }>(
      '/backend/sso/:idEmpresa/saml/metadata.xml',
      async (request, reply) => {
        const companyId = Number(request.params.idEmpresa);
        if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new AppError('NOT_FOUND');
        return reply.type('application/samlmetadata+xml').send(await serviceProviderMetadata(sso, companyId));
      },
    );

    // The provider's page POSTs the response from its own origin: no X-Requested-With, and a
    // form body; the RelayState and the signed response are what make it trustworthy.
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
      );
      scope.post<{ Body: { SAMLResponse?: string; RelayState?: string } }>(
        '/backend/sso/saml/acs',
        { config: { crossSiteForm: true } },
        async (request, reply) => {
          try {
            const code = await finishSamlSignIn(sso, request.body ?? {}, originOf(request));
            return signedIn(reply, code);
          } catch (error) {
            return failed(request, reply, error);
          }
        },
      );
    });
  };
}
