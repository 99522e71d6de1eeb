import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A Host (or forwarded host) that is a host name, IPv4 or [IPv6] address, with an optional port. */
const hostPattern = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin of a page served by this request's address: the scheme the request came by (https
 * when the trusted proxy says so with X-Forwarded-Proto, under TRUST_PROXY) and its Host (or the
 * trusted proxy's X-Forwarded-Host), as a browser writes it (lower case, no default port).
 * Undefined when the Host is no host[:port].
 */
export function requestOrigin(request: FastifyRequest): string | undefined {
  const scheme = request.protocol.toLowerCase().replace(/^ws(s?)$/, 'http$1');
  const host = request.host;
  if ((scheme !== 'http' && scheme !== 'https') || !hostPattern.test(host)) return undefined;
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return undefined;
  }
}

/** An Origin header as a browser would serialise it, or undefined when it names no http(s) origin. */
function normalOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Security headers with a strict Content-Security-Policy the SPA runs under, and the CSRF rules:
 * every state-changing request carries X-Requested-With, which a cross-site form cannot send, and
 * a websocket opened by a web page must come from the address the server was reached at (the
 * page's origin equals the request's scheme and Host, as for a portal opened at 127.0.0.1 or at
 * the server's LAN address), PUBLIC_URL's origin or a configured one. Browsers always send Origin
 * with a websocket and never let a page choose Host; other clients carry their token in the frames.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; allowedOrigins: readonly string[] },
): Promise<void> {
  // Who may open a websocket besides pages of the request's own origin: the portal's public
  // origin and the configured others.
  const origins = new Set([new URL(options.publicUrl).origin, ...options.allowedOrigins]);
  // Built once: @fastify/helmet built helmet's middleware again on every request (parsing every
  // directive each time), 3 % of the server thread's time on the timeline read. The policy is
  // written here, around the one part that changes with the request (below).
  const setSecurityHeaders = helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data: blob:"],
    ['media-src', "'self' blob:"],
    ['connect-src', "'self'"],
    ['font-src', "'self' data:"],
    ['frame-src', 'https://www.youtube-nocookie.com'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  const written = directives.map(([name, value]) => `${name} ${value}`);
  const connect = directives.findIndex(([name]) => name === 'connect-src');
  const policyBefore = written.slice(0, connect + 1).join(';');
  const policyAfter = `;${written.slice(connect + 1).join(';')}`;
  /**
   * The page's own chat socket host (ws, or wss under https) beside 'self': 'self' covers it in
   * current browsers, not in all. The request's own address, so a page opened at 127.0.0.1 or at
   * the LAN address may reach its socket as one opened at PUBLIC_URL may.
   */
  const policyFor = (request: FastifyRequest) => {
    const own = requestOrigin(request);
    return own ? `${policyBefore} ${own.replace(/^http/, 'ws')}${policyAfter}` : policyBefore + policyAfter;
  };

  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => {
      if (!error) reply.raw.setHeader('Content-Security-Policy', policyFor(request));
      done(error as Error | undefined);
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') {
      const origin = request.headers.origin;
      if (origin !== undefined && !origins.has(origin) && !sameOrigin(origin, request)) {
        // An upgrade's socket is nobody's keep-alive connection: close it once the 403 is out,
        // or the server's close would wait for it.
        reply.raw.once('finish', () => request.raw.socket.destroy());
        throw new AppError('FORBIDDEN');
      }
      return;
    }
    if (safeMethods.has(request.method)) return;
    // A request that carries its credentials in Authorization (SCIM's bearer token) is no
    // browser's cross-site form: a page cannot set that header on another site without CORS.
    if (request.headers.authorization) return;
    // A route that takes a form another site's page posts (a SAML provider's response) says so.
    if (request.routeOptions.config.crossSiteForm === true) return;
    if (!request.headers['x-requested-with']) throw new AppError('CSRF_HEADER_MISSING');
  });
}

/** Whether a page of `origin` is one served by the address this request reached (scheme, host and port). */
function sameOrigin(origin: string, request: FastifyRequest): boolean {
  const own = requestOrigin(request);
  return own !== undefined && normalOrigin(origin) === own;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes a form POSTed by another site's page (a SAML provider's response to the
     * ACS), which cannot send X-Requested-With: it carries its own proof instead.
     */
    crossSiteForm?: boolean;
  }
}
