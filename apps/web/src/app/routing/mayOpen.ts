import { matchRoutes, type RouteObject } from 'react-router';
import type { SessionView } from '../session/currentAccount';
import { guardRedirect, type RouteGuard } from './guards';
import { PRIVATE_ROUTES } from './routeTable';
import type { ScreenRoute } from './screenRoute';

type GuardedRoute = RouteObject & { guard?: RouteGuard };

/** The route table as react-router matches it, each entry keeping its guard. */
function guarded(routes: readonly ScreenRoute[]): GuardedRoute[] {
  return routes.map((route) => {
    const children = route.children ? guarded(route.children) : undefined;
    const entry = { path: route.path, guard: route.guard, children };
    return route.index ? { index: true, guard: route.guard } : entry;
  });
}

const ROUTES = guarded(PRIVATE_ROUTES);

/**
 * True when the session may open the private screen at `path`: every guard on the way to it
 * lets the session in, as the router's Guard would. Paths of no private screen are false.
 */
export function mayOpen(path: string, view: SessionView | null): boolean {
  const matched = matchRoutes(ROUTES, path.replace(/[?#].*$/, ''));
  if (!matched) return false;
  return matched.every(({ route }) => {
    const { guard } = route as GuardedRoute;
    return !guard || guardRedirect(guard, view, path) === null;
  });
}
