import { scimBasePath } from '@elo/contract/calls/scim';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorStatus } from '@elo/contract/errors';
import { actorAt } from '../../platform/auth/actor.ts';
import { toAppError } from '../../platform/http/error-handler.ts';
import type { CallHandlers } from '../../platform/http/register-calls.ts';
import { languageFromHeader } from '../../platform/i18n.ts';
import type { ScimDeps, ScimRequest } from './model.ts';
import { normalizedPatch, SCIMMY, scimError, scimMaxResults, type ScimError } from './protocol.ts';
import { companyOfToken, createToken, readProvisioning, revokeToken } from './tokens.ts';
import { presentProvisioning } from './wire.ts';

/** The token calls of the app settings' 'Provisionamento (SCIM)' card. */
export function scimHandlers({ deps, baseUrl }: { deps: ScimDeps; baseUrl: string }) {
  return {
    consultaProvisionamentoScimAdmin: async (_input, { session }) =>
      presentProvisioning(baseUrl, await readProvisioning(deps.db, session.companyId)),
    geraTokenScimAdmin: async (_input, { session, actor }) => {
      const { token, provisioning } = await createToken(deps.db, session, actor);
      return { ...presentProvisioning(baseUrl, provisioning), token };
    },
    revogaTokenScimAdmin: async (_input, { session, actor }) => {
      await revokeToken(deps.db, session.companyId, actor);
      return { ok: true as const };
    },
  } satisfies Partial<CallHandlers>;
}

/** SCIM's media type; plain JSON is accepted too (RFC 7644 §3.1). */
const scimMediaType = 'application/scim+json';

/** Sends a SCIM error (RFC 7644 §3.12). */
function sendScimError(reply: FastifyReply, error: ScimError): FastifyReply {
  // SCIMMY's message is an Error itself: Fastify would take it for a failure, so send its fields.
  const { schemas, status, scimType, detail } = new SCIMMY.Messages.Error(error);
  return reply
    .status(Number(status))
    .type(scimMediaType)
    .send({ schemas, status, ...(scimType ? { scimType } : {}), detail });
}

/** The answer to a request without a live token (RFC 6750's challenge). */
function refuseUnauthenticated(reply: FastifyReply): FastifyReply {
  void reply.header('www-authenticate', 'Bearer realm="scim"');
  return sendScimError(reply, scimError(401, null, 'A valid SCIM bearer token is required'));
}

/** The query parameters of a list (RFC 7644 §3.4.2), as SCIMMY takes them. */
function listParams(query: Record<string, unknown>) {
  const params: Record<string, unknown> = {};
  for (const name of ['filter', 'attributes', 'excludedAttributes', 'sortBy', 'sortOrder'] as const) {
    if (typeof query[name] === 'string') params[name] = query[name];
  }
  const startIndex = Number(query.startIndex);
  if (query.startIndex !== undefined && Number.isInteger(startIndex))
    params.startIndex = Math.max(startIndex, 1);
  const count = Number(query.count);
  params.count =
    query.count !== undefined && Number.isInteger(count)
      ? Math.min(Math.max(count, 0), scimMaxResults)
      : scimMaxResults;
  return params;
}

/** Only the attribute projections apply to one resource. */
function projection(query: Record<string, unknown>) {
  const params: Record<string, string> = {};
  for (const name of ['attributes', 'excludedAttributes'] as const) {
    if (typeof query[name] === 'string') params[name] = query[name];
  }
  return params;
}

declare module 'fastify' {
  interface FastifyRequest {
    scim?: ScimRequest;
  }
}

/**
 * The SCIM service at `/scim/v2`: Users and Groups (list with filter, get, create, replace, patch,
 * delete) and the discovery endpoints (ServiceProviderConfig, ResourceTypes, Schemas), every call
 * with the company's bearer token and within its company only. Errors leave in SCIM's shape.
 */
export async function registerScimRoutes(app: FastifyInstance, deps: ScimDeps): Promise<void> {
  await app.register(
    async (scim) => {
      scim.addContentTypeParser(scimMediaType, { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, body === '' ? undefined : JSON.parse(body as string));
        } catch {
          done(scimError(400, 'invalidSyntax', 'The body is not valid JSON'), undefined);
        }
      });
      scim.setErrorHandler((error: unknown, request, reply) => {
        if (error instanceof SCIMMY.Types.Error) return sendScimError(reply, error);
        const known = toAppError(error);
        // The portal's CSRF rule refuses a write without credentials in a header before the token
        // is looked at: for SCIM that is a request without its bearer token.
        if (known?.code === 'CSRF_HEADER_MISSING' && !request.headers.authorization)
          return refuseUnauthenticated(reply);
        const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
        const status = known
          ? errorStatus[known.code]
          : typeof statusCode === 'number' && statusCode < 500
            ? statusCode
            : 500;
        if (status === 500) reply.log.error({ err: error }, 'scim request failed');
        const detail =
          status === 500 ? 'Internal error' : status === 400 ? 'The request is malformed' : String(code);
        return sendScimError(reply, scimError(status, status === 400 ? 'invalidSyntax' : null, detail));
      });
      scim.setNotFoundHandler((_request, reply) =>
        sendScimError(reply, scimError(404, null, 'Endpoint not found')),
      );
      scim.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const header = request.headers.authorization ?? '';
        const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
        const companyId = token ? await companyOfToken(deps.db, token) : undefined;
        if (companyId === undefined) return refuseUnauthenticated(reply);
        request.scim = {
          deps,
          companyId,
          language: languageFromHeader(request.headers['accept-language']),
          actor: {
            ...actorAt(
              { companyId, userId: null },
              { ip: request.ip, userAgent: request.headers['user-agent'] },
            ),
            name: 'SCIM',
          },
        };
      });

      const ctx = (request: FastifyRequest) => request.scim!;
      const send = (reply: FastifyReply, status: number, body: unknown) =>
        reply.status(status).type(scimMediaType).send(body);

      scim.get('/ServiceProviderConfig', async (_request, reply) =>
        send(reply, 200, await new SCIMMY.Resources.ServiceProviderConfig().read()),
      );
      scim.get('/ResourceTypes', async (_request, reply) =>
        send(reply, 200, await new SCIMMY.Resources.ResourceType().read()),
      );
      scim.get<{ Params: { id: string } }>('/ResourceTypes/:id', async (request, reply) =>
        send(reply, 200, await new SCIMMY.Resources.ResourceType(request.params.id).read()),
      );
      scim.get('/Schemas', async (_request, reply) =>
        send(reply, 200, await new SCIMMY.Resources.Schema().read()),
      );
      scim.get<{ Params: { id: string } }>('/Schemas/:id', async (request, reply) =>
        send(reply, 200, await new SCIMMY.Resources.Schema(request.params.id).read()),
      );

      for (const Resource of [SCIMMY.Resources.User, SCIMMY.Resources.Group]) {
        const path = Resource.endpoint;
        scim.get<{ Querystring: Record<string, unknown> }>(path, async (request, reply) =>
          send(reply, 200, await new Resource(listParams(request.query) as never).read(ctx(request))),
        );
        scim.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
          `${path}/:id`,
          async (request, reply) =>
            send(
              reply,
              200,
              await new Resource(request.params.id, projection(request.query)).read(ctx(request)),
            ),
        );
        scim.post(path, async (request, reply) => {
          const created = (await new Resource().write(request.body, ctx(request))) as {
            meta?: { location?: string };
          };
          if (created.meta?.location) void reply.header('location', created.meta.location);
          return send(reply, 201, created);
        });
        scim.put<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) =>
          send(reply, 200, await new Resource(request.params.id).write(request.body, ctx(request))),
        );
        scim.patch<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) => {
          const patched = await new Resource(request.params.id).patch(
            normalizedPatch(request.body) as never,
            ctx(request),
          );
          return patched ? send(reply, 200, patched) : reply.status(204).send();
        });
        scim.delete<{ Params: { id: string } }>(`${path}/:id`, async (request, reply) => {
          await new Resource(request.params.id).dispose(ctx(request));
          return reply.status(204).send();
        });
      }
    },
    { prefix: scimBasePath },
  );
}
