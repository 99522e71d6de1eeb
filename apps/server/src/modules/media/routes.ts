import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { routes } from '@elo/contract/routes';
import { authorize } from '../../platform/auth/policy.ts';
import type { SessionManager } from '../../platform/auth/sessions.ts';
import { sessionOf } from '../../platform/http/bind-call.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { MediaAccess } from '../../platform/storage/media-access.ts';
import { servedName, servedType, type MediaStorage } from '../../platform/storage/media-storage.ts';

/**
 * GET /backend/midia/<companyId>/<kind>/<file>: a stored file, to the signed-in people the module
 * owning its kind lets read it (404 for everyone else, as for a file that does not exist). Its
 * type comes from its sniffed content; what a browser could run is only ever downloaded. A file
 * whose owner keeps the name it was sent with (chat attachments) is saved under that name.
 */
export function registerMediaRoutes(
  app: FastifyInstance,
  deps: { sessions: SessionManager; storage: MediaStorage; access: MediaAccess },
): void {
  app.get<{ Params: { '*': string } }>('/backend/midia/*', async (request, reply) => {
    // Declared in the contract (routes.midia) and decided by the one policy, as calls are.
    const session = authorize(routes.midia, await sessionOf(request, deps.sessions))!;
    const key = request.params['*'];
    const grant = await deps.access.grant(session, key);
    if (!grant) throw new AppError('NOT_FOUND');
    const served = servedType(key);
    const name = grant.fileName === null ? undefined : servedName(key, grant.fileName);
    void reply
      .header('content-type', served.contentType)
      .header(
        'content-disposition',
        contentDisposition(name, { type: served.inline ? 'inline' : 'attachment' }),
      )
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400, immutable');
    return deps.storage.serve(reply, key);
  });
}
