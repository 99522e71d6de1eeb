import type { FastifyInstance } from 'fastify';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { sessionOf } from '../../platform/http/bind-call.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MediaStorage } from '../../platform/storage/media-storage.ts';

const keyPattern = /^\d+\/[a-z0-9-]+\/[A-Za-z0-9._-]+$/;

/** GET /backend/midia/<companyId>/<kind>/<file>: a stored file, to signed-in people of its company only. */
export function registerMediaRoutes(
  app: FastifyInstance,
  deps: { sessions: SessionManager; storage: MediaStorage },
): void {
  app.get<{ Params: { '*': string } }>('/backend/midia/*', async (request, reply) => {
    const session = await sessionOf(request, deps.sessions);
    if (!session) throw new AppError('SESSION_EXPIRED');
    const key = request.params['*'];
    if (!keyPattern.test(key) || !key.startsWith(`${session.companyId}/`)) throw new AppError('NOT_FOUND');
    void reply.header('cache-control', 'private, max-age=86400, immutable');
    return deps.storage.serve(reply, key);
  });
}
