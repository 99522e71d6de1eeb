import type { FastifyInstance } from 'fastify';

/**
 * Once the app starts closing, every answer still being sent asks the client to close its
 * connection, so requests in flight finish and their keep-alive sockets do not hold the
 * shutdown open until the keep-alive timeout.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
}
