import { PRIVATE_ROUTES } from './routeTable';
import { isMounted } from './screenRoute';

const routeAt = (path: string) => {
  const wanted = path.replace(/^\//, '');
  return PRIVATE_ROUTES.find((route) => route.path === wanted);
};

/** True when the route table mounts a screen at this top-level private path. */
export function isBuilt(path: string): boolean {
  const route = routeAt(path);
  return route !== undefined && isMounted(route);
}

/** True when the screen at this top-level private path works with no current account. */
export function worksWithoutAccount(path: string): boolean {
  return routeAt(path)?.withoutAccount === true;
}
