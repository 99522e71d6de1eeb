import { createHmac, timingSafeEqual } from 'node:crypto';
import { routes } from '@elo/contract/routes';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../../platform/auth/policy.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessionOf } from '../../platform/http/bind-call.ts';
import { servedType, type MediaStorage } from '../../platform/storage/media-storage.ts';

const dayMs = 86_400_000;
const prefix = '/backend/tv/midia/';
const keyPattern = /^(\d+)\/([a-z0-9-]+)\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

/**
 * Signed addresses of the files a screen shows: an <img> on the screen sends no header and holds
 * no session, so each address carries the screen and an expiry, signed with the server's secret.
 * The expiry is the end of the next UTC day, so an address stays the same all day (the screen's
 * service worker keeps serving it from its cache offline) and works for 24 to 48 hours.
 */
export function createTvMediaSigner(secret: Uint8Array) {
  const signatureOf = (key: string, screenId: number, expires: number) =>
    createHmac('sha256', secret).update(`tv-media|${key}|${screenId}|${expires}`).digest('base64url');

  return {
    /** The signed address of a stored file for a screen (null for no file). */
    url(key: string | null, screenId: number, now = Date.now()): string | null {
      if (!key) return null;
      const expires = (Math.floor(now / dayMs) + 2) * (dayMs / 1000);
      const query = new URLSearchParams({
        tela: String(screenId),
        exp: String(expires),
        sig: signatureOf(key, screenId, expires),
      });
      return `${prefix}${key}?${query.toString()}`;
    },

    /** Whether a signature is the server's for this file, screen and expiry, and not expired. */
    verify(key: string, screenId: number, expires: number, signature: string, now = Date.now()) {
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
      const expected = Buffer.from(signatureOf(key, screenId, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type TvMediaSigner = ReturnType<typeof createTvMediaSigner>;

/**
 * `GET /backend/tv/midia/<key>?tela&exp&sig`: a file a screen shows, for a valid signature of a
 * screen of the file's company that is still paired, or for a corporate TV administrator of that
 * company (the preview). Anything else is 404, as for a file that does not exist.
 */
export function registerTvMediaRoute(
  app: FastifyInstance,
  deps: {
    signer: TvMediaSigner;
    storage: MediaStorage;
    sessions: SessionManager;
    isPaired: (companyId: number, screenId: number) => Promise<boolean>;
  },
): void {
  app.get<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
    `${prefix}*`,
    async (request, reply) => {
      const key = request.params['*'];
      const match = keyPattern.exec(key);
      const screenId = Number(request.query.tela);
      const expires = Number(request.query.exp);
      if (!match || !Number.isSafeInteger(screenId) || screenId <= 0) throw new AppError('NOT_FOUND');
      if (!deps.signer.verify(key, screenId, expires, request.query.sig ?? ''))
        throw new AppError('NOT_FOUND');
      const companyId = Number(match[1]);
      if (!(await deps.isPaired(companyId, screenId)) && !(await isTvAdministrator(request, companyId))) {
        throw new AppError('NOT_FOUND');
      }
      const served = servedType(key);
      void reply
        .header('content-type', served.contentType)
        .header('content-disposition', served.inline ? 'inline' : 'attachment')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400');
      return deps.storage.serve(reply, key);
    },
  );

  async function isTvAdministrator(request: Parameters<typeof sessionOf>[0], companyId: number) {
    const session = await sessionOf(request, deps.sessions);
    if (!session || session.companyId !== companyId) return false;
    try {
      // The preview's way in, declared beside the screen's (routes.midiaTv.alsoFor).
      authorize(routes.midiaTv.alsoFor, session);
      return true;
    } catch {
      return false;
    }
  }
}
