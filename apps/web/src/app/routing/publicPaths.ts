import { matchPath } from 'react-router';
import { LOGIN_PATH } from './nextPath';
import { PUBLIC_ROUTES } from './routeTable';

/** The pages anyone may open without logging in (spec 002 §2.2), login aside. */
export function isPublicPage(pathname: string): boolean {
  return PUBLIC_ROUTES.some(
    (r) => r.path && matchPath({ path: `/${r.path}`, end: true }, pathname),
  );
}

/** True for the login page and the public pages. */
export function isPublicPath(pathname: string): boolean {
  return pathname === LOGIN_PATH || isPublicPage(pathname);
}
