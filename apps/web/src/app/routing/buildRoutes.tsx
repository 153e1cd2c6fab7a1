import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { Guard } from './Guard';
import { isMounted, type ScreenRoute } from './screenRoute';

function toRouteObject(route: ScreenRoute): RouteObject {
  const children = route.children?.filter((c) => c.redirect || isMounted(c)).map(toRouteObject);
  const { screen } = route;
  const base: RouteObject = route.redirect
    ? { index: true, element: <Navigate to={route.redirect} replace /> }
    : ({
        ...(route.index ? { index: true } : { path: route.path }),
        ...(screen ? { lazy: async () => ({ Component: await screen() }) } : {}),
        ...(children?.length ? { children } : {}),
      } as RouteObject);
  // A guard is a pathless parent, so it runs before the screen's chunk is shown.
  return route.guard ? { element: <Guard guard={route.guard} />, children: [base] } : base;
}

/** Turns the route table into router objects, leaving out screens not built yet. */
export function buildRoutes(routes: ScreenRoute[]): RouteObject[] {
  return routes.filter(isMounted).map(toRouteObject);
}
