import { PRIVATE_ROUTES } from './routeTable';
import { isMounted } from './screenRoute';

/** True when the route table mounts a screen at this top-level private path. */
export function isBuilt(path: string): boolean {
  const wanted = path.replace(/^\//, '');
  return PRIVATE_ROUTES.some((route) => route.path === wanted && isMounted(route));
}
