import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/** A person the test provider knows: their subject and the claims it hands out. */
export interface TestOidcAccount {
  sub: string;
  email: string;
  name: string;
  groups: string[];
}

/**
 * A real OpenID Connect provider (oidc-provider) on a local port, for tests: one client, the
 * accounts a test adds, its development login page (any password), consent granted at once,
 * PKCE required, RP-initiated logout, and an authorization code lifetime a test may shorten.
 */
export async function startTestOidcProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}) {
  const accounts = new Map<string, TestOidcAccount>();
  const lifetimes = { code: 60 };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The claims in the id token itself, as Entra ID and Okta can be set to do.
    conformIdTokenClaims: false,
    cookies: { keys: ['chave-de-teste-dos-cookies'] },
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // The provider's own confirmation page, without its stylesheet from the internet.
        logoutSource: (ctx, form) => {
          ctx.body = `<!DOCTYPE html><html lang="en"><head><title>Sign out</title></head><body><h1>Sign out of the provider?</h1>${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button><button type="submit" form="op.logoutForm">No, stay signed in</button></body></html>`;
        },
      },
    },
    pkce: { required: () => true },
    ttl: {
      AuthorizationCode: () => lifetimes.code,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ ...account, email_verified: true }),
      };
    },
    // Consent is taken as given: the test signs in and comes straight back.
    loadExistingGrant: async (ctx) => {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  server.on('request', provider.callback());

  return {
    issuer,
    /** Adds (or replaces) an account, by its login (the subject). */
    addAccount: (account: TestOidcAccount) => void accounts.set(account.sub, account),
    /** Sets how many seconds an authorization code lives. */
    setCodeLifetime: (seconds: number) => void (lifetimes.code = seconds),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestOidcProvider = Awaited<ReturnType<typeof startTestOidcProvider>>;

/**
 * Goes through the provider's pages as a browser would: from the authorization address, its login
 * form (as `login`), until the provider sends the browser to an address starting with `until`.
 * Answers that address (the portal's return with code and state).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  login: string,
  until: string,
): Promise<string> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let init: { method: string; body?: URLSearchParams } = { method: 'GET' };
  for (let step = 0; step < 12; step += 1) {
    const answer = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      cookies.set(name!.trim(), value.join('='));
    }
    const location = answer.headers.get('location');
    if (answer.status >= 300 && answer.status < 400 && location) {
      const next = new URL(location, url).href;
      if (next.startsWith(until)) return next;
      url = next;
      init = { method: 'GET' };
      continue;
    }
    const page = await answer.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected page from the provider (${answer.status}): ${page.slice(0, 300)}`);
    url = new URL(action, url).href;
    init = {
      method: 'POST',
      body: new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'qualquer' } : { prompt }),
    };
  }
  throw new Error('the provider never sent the browser back');
}
