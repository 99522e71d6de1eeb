import * as client from 'openid-client';
import { hashToken } from '../../platform/auth/tokens.ts';

/** How a company's OpenID Connect client is set up. */
export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

/** What a sign-in must keep between the redirect to the provider and its return. */
export interface OidcPending {
  codeVerifier: string;
  nonce: string;
}

/**
 * OpenID Connect through openid-client: discovery (kept per company until its settings change),
 * authorization code with PKCE (S256), state and nonce, and RP-initiated logout.
 */
export function createOidc(options: { allowInsecure: boolean; timeoutMs?: number }) {
  const discovered = new Map<string, { key: string; config: Promise<client.Configuration> }>();

  /** Whether an issuer's address may be used: https, or http when the server allows it (tests). */
  const acceptsIssuer = (issuer: string) => {
    const url = new URL(issuer);
    return url.protocol === 'https:' || (options.allowInsecure && url.protocol === 'http:');
  };

  function discover(settings: OidcClientSettings): Promise<client.Configuration> {
    if (!acceptsIssuer(settings.issuer)) return Promise.reject(new InsecureIssuerError());
    const auth = settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None();
    return client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret ?? undefined,
      auth,
      {
        ...(options.allowInsecure ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: Math.ceil((options.timeoutMs ?? 10_000) / 1000),
      },
    );
  }

  /** The company's client, discovered once for its current settings. */
  function configFor(companyId: number, settings: OidcClientSettings): Promise<client.Configuration> {
    const key = hashToken(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]));
    const known = discovered.get(String(companyId));
    if (known?.key === key) return known.config;
    const config = discover(settings);
    discovered.set(String(companyId), { key, config });
    // A failed discovery is tried again at the next sign-in.
    config.catch(() => discovered.delete(String(companyId)));
    return config;
  }

  return {
    acceptsIssuer,
    /** Discovers without keeping the result (the settings' test). */
    discover,
    /** Forgets a company's discovered client (its settings changed). */
    forget: (companyId: number) => void discovered.delete(String(companyId)),

    /** The provider's authorization address for a new sign-in, and what its return must match. */
    async start(
      companyId: number,
      settings: OidcClientSettings,
      params: { redirectUri: string; state: string; scope: string },
    ): Promise<{ url: string; pending: OidcPending }> {
      const config = await configFor(companyId, settings);
      const codeVerifier = client.randomPKCECodeVerifier();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: params.redirectUri,
        scope: params.scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state: params.state,
        nonce,
      });
      return { url: url.href, pending: { codeVerifier, nonce } };
    },

    /**
     * Trades the return's code for tokens, checking state, nonce, PKCE and the id token; answers
     * the id token's claims merged over the userinfo's (when the provider has one) and the id token.
     */
    async finish(
      companyId: number,
      settings: OidcClientSettings,
      params: { currentUrl: URL; state: string; pending: OidcPending },
    ): Promise<{ claims: Record<string, unknown>; idToken: string | null }> {
      const config = await configFor(companyId, settings);
      const tokens = await client.authorizationCodeGrant(config, params.currentUrl, {
        pkceCodeVerifier: params.pending.codeVerifier,
        expectedState: params.state,
        expectedNonce: params.pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims() as Record<string, unknown> | undefined;
      if (!idClaims) throw new Error('no id token');
      let userInfo: Record<string, unknown> = {};
      if (config.serverMetadata().userinfo_endpoint) {
        userInfo = (await client
          .fetchUserInfo(config, tokens.access_token, idClaims.sub as string)
          .catch(() => ({}))) as Record<string, unknown>;
      }
      return { claims: { ...userInfo, ...idClaims }, idToken: tokens.id_token ?? null };
    },

    /** The provider's sign-out address for a session, when it offers one (end_session_endpoint). */
    async signOutUrl(
      companyId: number,
      settings: OidcClientSettings,
      params: { idToken: string | null; postLogoutRedirectUri: string },
    ): Promise<string | undefined> {
      const config = await configFor(companyId, settings);
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return client.buildEndSessionUrl(config, {
        ...(params.idToken ? { id_token_hint: params.idToken } : {}),
        client_id: settings.clientId,
        post_logout_redirect_uri: params.postLogoutRedirectUri,
      }).href;
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;

/** An issuer over plain http: while the server does not allow it. */
export class InsecureIssuerError extends Error {
  constructor() {
    super('the issuer must use https');
  }
}
