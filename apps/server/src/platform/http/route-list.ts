import type { FastifyInstance } from 'fastify';

/** A route the app registered: its methods and URL pattern. */
export interface RegisteredRoute {
  methods: readonly string[];
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered (buildApp keeps the list): tests check each is declared. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Keeps the list of every route registered from now on, on `app.registeredRoutes`, so a test can
 * check that each GET route is a declared download or a declared route (printRoutes leaves out
 * wildcard routes).
 */
export function keepRouteList(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', list);
  app.addHook('onRoute', (route) => {
    list.push({ methods: ([] as string[]).concat(route.method), url: route.url });
  });
}
