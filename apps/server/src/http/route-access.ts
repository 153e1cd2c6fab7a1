import type { FastifyInstance } from 'fastify';

/**
 * Who may call a route, declared next to it as `config: { access }` (issue 24). The auth plugin
 * reads it (a public route needs no token) and the isolation test reads it from the registered
 * routes: it calls every route as no one and as each role of another account, with ids that
 * exist in a third, and expects the answers of ROUTE_ACCESS_ANSWERS. A route without a
 * declaration fails that test.
 */
export type RouteAccess =
  /** No token: a login, a link by uuid or token, a webhook with its own signature. */
  | 'public'
  /** Any signed-in caller, about themselves or the shared catalogue; no account's data. */
  | 'signed-in'
  /** An account's data, named by the path or by an id that names its account. */
  | 'account'
  /** The platform's administration: platform admins only. */
  | 'platform-admin';

/** What each kind answers to a caller with no token and to a member of another account. */
export const ROUTE_ACCESS_ANSWERS: Record<
  RouteAccess,
  { anonymous: 'any' | 401; stranger: 'own data' | 403 | 404 }
> = {
  public: { anonymous: 'any', stranger: 'own data' },
  'signed-in': { anonymous: 401, stranger: 'own data' },
  // 404, not 403: another account's ids are answered as ids that do not exist.
  account: { anonymous: 401, stranger: 404 },
  'platform-admin': { anonymous: 401, stranger: 403 },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (http/route-access.ts); every /api route declares it. */
    access?: RouteAccess;
  }
}

/** A route as registered: what the isolation test and the docs read. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after `recordRouteTable`, HEAD routes aside. */
    routeTable: RegisteredRoute[];
  }
}

/** Records every route as it is registered; call before registering any. */
export function recordRouteTable(app: FastifyInstance) {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', ({ method, url, config }) => {
    for (const one of [method].flat()) {
      if (one !== 'HEAD') table.push({ method: one, url, access: config?.access });
    }
  });
}
