import { matchPath } from 'react-router';
import { LOGIN_PATH } from './nextPath';
import { PUBLIC_ROUTES } from './routeTable';

/** True for the login page and the pages anyone may open (spec 002 §2.2). */
export function isPublicPath(pathname: string): boolean {
  if (pathname === LOGIN_PATH) return true;
  return PUBLIC_ROUTES.some(
    (r) => r.path && matchPath({ path: `/${r.path}`, end: true }, pathname),
  );
}
