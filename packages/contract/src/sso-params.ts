/**
 * Where single sign-on leaves its results in the browser's address, apart from the calls' schemas
 * so the login page can read them without loading zod.
 */

/** The login page's query parameter naming why a sign-in through the provider failed (an error code). */
export const ssoErrorParam = 'erroSso';

/** The fragment parameter of the page that trades the one-time code for the session. */
export const ssoCodeParam = 'codigoSso';

/** The page of the SPA the provider's return lands on, with `#codigoSso=<code>`. */
export const ssoCompletePath = '/sso/concluir';

/**
 * The login page's query parameter that keeps the password form of a company that signs in only
 * through its provider (`?acesso=senha`), for its break-glass administrators.
 */
export const passwordAccessParam = 'acesso';
export const passwordAccessValue = 'senha';
