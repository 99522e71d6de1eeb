import type { FastifyInstance } from 'fastify';

/** GET /healthz: the process is up. GET /readyz: the database answers. */
export function registerHealthRoutes(app: FastifyInstance, deps: { ping: () => Promise<void> }): void {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await deps.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}
