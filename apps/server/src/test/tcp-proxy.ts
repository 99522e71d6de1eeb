import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy a test puts between the app and a real service (PostgreSQL, Redis) to play an
 * outage: `freeze` keeps every connection open but forwards nothing (a hung server or network),
 * `thaw` forwards again; `cut` drops every connection and refuses new ones (a dead server),
 * `restore` accepts again on the same port.
 */
export interface TcpProxy {
  port: number;
  freeze(): void;
  thaw(): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  /** Connections that arrived while frozen: joined to the service on thaw. */
  let waiting: (() => void)[] = [];

  function onConnection(client: Socket) {
    const join = () => {
      const upstream = connect(target.port, target.host);
      const pair = { client, upstream };
      pairs.add(pair);
      client.pipe(upstream);
      upstream.pipe(client);
      const drop = () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    };
    if (frozen) waiting.push(join);
    else join();
  }

  let server: Server = createServer(onConnection);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    freeze() {
      frozen = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const { client, upstream } of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
      const joins = waiting;
      waiting = [];
      for (const join of joins) join();
    },
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        pairs.clear();
      });
    },
    async restore() {
      server = createServer(onConnection);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      frozen = false;
      waiting = [];
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
