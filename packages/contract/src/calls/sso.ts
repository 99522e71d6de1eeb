import { z } from 'zod';
import { defineCall } from '../define-call.ts';
import { AdminPermission } from '../enums.ts';
import { limits } from '../limits.ts';
import { flagSchema, idSchema, required, tooLong, versaoSchema } from '../wire.ts';
import { doLogin } from './auth.ts';

/**
 * Single sign-on per company (issue 31): the company's identity provider signs its people in by
 * OpenID Connect (authorization code with PKCE) or SAML 2.0 (signed assertions). Who signs in is
 * matched by the login claim within the company; with `flCriarUsuarios` an unknown person is
 * created on first sign-in; the groups the mapping names follow the provider's groups at every
 * sign-in. With `flSomenteSso` passwords stop working for the company's people, except the
 * break-glass administrators listed in `idsUsuariosExcecao`.
 *
 * The settings decide who signs in and as whom, so they need the app's settings and the
 * administrators' area both (L to read, E to change or test).
 */

const ssoAdmin = {
  audience: 'admin',
  permission: AdminPermission.appSettings,
  alsoPermission: AdminPermission.administrators,
} as const;

export const ssoLimits = {
  domainsMax: 20,
  domainMax: 253,
  urlMax: 500,
  clientIdMax: 255,
  clientSecretMax: 500,
  /** An IdP's metadata with a few certificates is a few kilobytes; this leaves room for many. */
  metadataMax: 200_000,
  claimMax: 100,
  mappingsMax: 200,
  mappingValueMax: 255,
  exceptionsMax: 20,
} as const;

export const ProtocoloSso = { oidc: 'OIDC', saml: 'SAML' } as const;
export type ProtocoloSsoValue = (typeof ProtocoloSso)[keyof typeof ProtocoloSso];

/** An e-mail domain as people type it after the @ (kept in lower case). */
const domainSchema = z
  .string(required)
  .trim()
  .toLowerCase()
  .max(ssoLimits.domainMax, tooLong)
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: 'validation.ssoDomainInvalid',
  });

const claimSchema = (fallback: string) =>
  z
    .string()
    .trim()
    .max(ssoLimits.claimMax, tooLong)
    .regex(/^[A-Za-z0-9_:./-]*$/, { error: 'validation.ssoClaimInvalid' })
    .optional()
    .transform((value) => value || fallback);

/** One mapping: people whose groups claim holds `valor` are members of the portal group `idGrupo`. */
export const mapeamentoGrupoSchema = z.object({
  valor: z.string(required).trim().min(1, required).max(ssoLimits.mappingValueMax, tooLong),
  idGrupo: idSchema,
});
export type MapeamentoGrupo = z.output<typeof mapeamentoGrupoSchema>;

/** The settings as the administration reads them (the client secret never comes back). */
export const configuracaoSsoSchema = z.object({
  protocolo: z.enum(['OIDC', 'SAML']),
  flAtivo: flagSchema,
  dominiosEmail: z.array(z.string()),
  emissor: z.string().nullable(),
  clientId: z.string().nullable(),
  /** Whether a client secret is stored ('S'): the secret itself is write-only. */
  flClientSecretDefinido: flagSchema,
  metadadosSaml: z.string().nullable(),
  claimLogin: z.string(),
  claimGrupos: z.string(),
  mapeamentoGrupos: z.array(z.object({ valor: z.string(), idGrupo: z.number().int() })),
  flCriarUsuarios: flagSchema,
  flSomenteSso: flagSchema,
  idsUsuariosExcecao: z.array(z.number().int()),
  /** The settings' version, to send back with the save (a stale one answers 409 REGISTRO_ALTERADO). */
  versao: versaoSchema,
});
export type ConfiguracaoSso = z.infer<typeof configuracaoSsoSchema>;

/** The portal's own addresses to paste into the identity provider. */
export const urlsSsoSchema = z.object({
  /** Where people start signing in (the login page sends them there). */
  urlInicio: z.string(),
  /** OIDC: the redirect URI to register with the client. */
  urlRetornoOidc: z.string(),
  /** OIDC: where the provider sends people back after signing out (post-logout redirect URI). */
  urlPosSaida: z.string(),
  /** SAML: the Assertion Consumer Service (ACS) URL. */
  urlAcsSaml: z.string(),
  /** SAML: the service provider's entity id (audience). */
  entityIdSaml: z.string(),
  /** SAML: the service provider's metadata, for providers that import it. */
  urlMetadadosSaml: z.string(),
});
export type UrlsSso = z.infer<typeof urlsSsoSchema>;

const configuracaoAnswer = z.object({
  /** Null until the company saves its first settings. */
  configuracao: configuracaoSsoSchema.nullable(),
  urls: urlsSsoSchema,
  /** The company's groups, for the mapping's picker. */
  listGrupos: z.array(z.object({ idGrupo: z.number().int(), nome: z.string() })),
  /** The company's administrators, for the break-glass list. */
  listAdministradores: z.array(
    z.object({ idUsuario: z.number().int(), nome: z.string(), email: z.string().nullable() }),
  ),
});

export const consultaConfiguracaoSsoAdmin = defineCall({
  name: 'consultaConfiguracaoSsoAdmin',
  mode: 'read',
  ...ssoAdmin,
  input: z.object({}),
  output: configuracaoAnswer,
});

/**
 * Saves the company's settings (the whole form). `clientSecret` left out (or '') keeps the stored
 * one; it is never answered back and the audit shows its change as '***'. OIDC needs `emissor`
 * and `clientId`; SAML needs `metadadosSaml`. A domain another company already signs in with is
 * refused. Break-glass people must be administrators of the company.
 */
export const salvaConfiguracaoSsoAdmin = defineCall({
  name: 'salvaConfiguracaoSsoAdmin',
  mode: 'write',
  ...ssoAdmin,
  input: z
    .object({
      protocolo: z.enum(['OIDC', 'SAML'], { error: 'validation.ssoProtocolInvalid' }),
      flAtivo: flagSchema,
      dominiosEmail: z.array(domainSchema).max(ssoLimits.domainsMax, tooLong),
      emissor: z
        .string()
        .trim()
        .max(ssoLimits.urlMax, tooLong)
        .optional()
        .transform((value) => value || undefined)
        .pipe(z.url({ protocol: /^https?$/, error: 'validation.ssoIssuerInvalid' }).optional()),
      clientId: z.string().trim().max(ssoLimits.clientIdMax, tooLong).optional(),
      clientSecret: z.string().max(ssoLimits.clientSecretMax, tooLong).optional(),
      metadadosSaml: z.string().trim().max(ssoLimits.metadataMax, tooLong).optional(),
      claimLogin: claimSchema('email'),
      claimGrupos: claimSchema('groups'),
      mapeamentoGrupos: z.array(mapeamentoGrupoSchema).max(ssoLimits.mappingsMax, tooLong).default([]),
      flCriarUsuarios: flagSchema.default('N'),
      flSomenteSso: flagSchema.default('N'),
      idsUsuariosExcecao: z.array(idSchema).max(ssoLimits.exceptionsMax, tooLong).default([]),
      /** The versao read with the settings (none for the first save): a stale one answers 409. */
      versao: versaoSchema.optional(),
    })
    .check((ctx) => {
      const value = ctx.value;
      const need = (field: 'emissor' | 'clientId' | 'metadadosSaml') => {
        if (!value[field])
          ctx.issues.push({
            code: 'custom',
            input: value[field],
            path: [field],
            message: 'validation.required',
          });
      };
      if (value.protocolo === 'OIDC') {
        need('emissor');
        need('clientId');
      } else {
        need('metadadosSaml');
      }
      if (value.flAtivo === 'S' && value.dominiosEmail.length === 0) {
        ctx.issues.push({
          code: 'custom',
          input: value.dominiosEmail,
          path: ['dominiosEmail'],
          message: 'validation.required',
        });
      }
      // Enforced single sign-on needs someone who can still get in when the provider fails.
      if (value.flSomenteSso === 'S' && value.idsUsuariosExcecao.length === 0) {
        ctx.issues.push({
          code: 'custom',
          input: value.idsUsuariosExcecao,
          path: ['idsUsuariosExcecao'],
          message: 'validation.ssoBreakGlassRequired',
        });
      }
      const seen = new Set<string>();
      value.dominiosEmail.forEach((domain, index) => {
        if (seen.has(domain))
          ctx.issues.push({
            code: 'custom',
            input: domain,
            path: ['dominiosEmail', index],
            message: 'validation.ssoDomainRepeated',
          });
        seen.add(domain);
      });
    }),
  output: configuracaoAnswer,
});

/** One check of the test, in words: what was checked and whether it is right. */
export const verificacaoSsoSchema = z.object({ item: z.string(), flOk: flagSchema, mensagem: z.string() });

/**
 * Checks the saved settings without signing anyone in: OIDC discovery (issuer, endpoints, PKCE
 * S256), or the SAML metadata (entity id, sign-in address, signing certificate), reporting in
 * words what is wrong.
 */
export const testaConfiguracaoSsoAdmin = defineCall({
  name: 'testaConfiguracaoSsoAdmin',
  mode: 'write',
  ...ssoAdmin,
  input: z.object({}),
  output: z.object({ flOk: flagSchema, listVerificacoes: z.array(verificacaoSsoSchema) }),
});

/**
 * Whether a login (the e-mail the person typed, or a matricula) signs in through the company's
 * identity provider: its domain belongs to a company with single sign-on on. `flSomenteSso` says
 * the login page should go straight there.
 */
export const consultaSsoLogin = defineCall({
  name: 'consultaSsoLogin',
  mode: 'read',
  audience: 'public',
  input: z.object({ login: z.string(required).trim().min(1, required).max(limits.loginMax, tooLong) }),
  output: z.object({ flSso: flagSchema, flSomenteSso: flagSchema, urlInicio: z.string().optional() }),
});

/**
 * Ends a single sign-on: the provider's return leaves a one-time code in the page's address; the
 * page trades it here for the session (the cookie) and what doLogin answers (with the chat token).
 */
export const concluiLoginSso = defineCall({
  name: 'concluiLoginSso',
  mode: 'write',
  audience: 'public',
  input: z.object({ codigo: z.string(required).trim().min(1, required).max(200, tooLong) }),
  output: doLogin.output,
});

export { ssoCodeParam, ssoCompletePath, ssoErrorParam } from '../sso-params.ts';
