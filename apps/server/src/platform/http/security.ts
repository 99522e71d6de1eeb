import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers with a strict Content-Security-Policy the SPA runs under, and the CSRF rules:
 * every state-changing request carries X-Requested-With, which a cross-site form cannot send, and
 * a websocket opened by a web page must come from the portal's own origin or a configured one
 * (browsers always send Origin with a websocket; other clients carry their token in the frames).
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; allowedOrigins: readonly string[] },
): Promise<void> {
  const publicUrl = new URL(options.publicUrl);
  // Who may open a websocket: the portal's own origin and the configured others.
  const origins = new Set([publicUrl.origin, ...options.allowedOrigins]);
  // The chat socket of the portal's own host: 'self' covers it in current browsers, not in all.
  const ownSocket = `${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`;
  // Built once: @fastify/helmet built helmet's middleware again on every request (parsing every
  // directive each time), 3 % of the server thread's time on the timeline read.
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ownSocket],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.upgrade?.toLowerCase() === 'websocket') {
      const origin = request.headers.origin;
      if (origin !== undefined && !origins.has(origin)) {
        // An upgrade's socket is nobody's keep-alive connection: close it once the 403 is out,
        // or the server's close would wait for it.
        reply.raw.once('finish', () => request.raw.socket.destroy());
        throw new AppError('FORBIDDEN');
      }
      return;
    }
    if (safeMethods.has(request.method)) return;
    if (!request.headers['x-requested-with']) throw new AppError('CSRF_HEADER_MISSING');
  });
}
