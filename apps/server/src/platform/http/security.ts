import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers with a strict Content-Security-Policy the SPA runs under, and the CSRF rule:
 * every state-changing request carries X-Requested-With, which a cross-site form cannot send.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    if (!request.headers['x-requested-with']) throw new AppError('CSRF_HEADER_MISSING');
  });
}
