import type { SessionView } from '../session/currentAccount';

export const HOME_PATH = '/trackers';
export const LOGIN_PATH = '/login';
/** Where a platform admin with no account open lands: the accounts they can open. */
export const ADMIN_HOME_PATH = '/admin/accounts';

/**
 * The home of a session: the tracker list of the current account, or the accounts list for a
 * platform admin who has none open (their screens would have nothing to show).
 */
export function homePathOf(view: Pick<SessionView, 'account'> | null): string {
  return view && !view.account ? ADMIN_HOME_PATH : HOME_PATH;
}

/**
 * A path that is safe to return to after login: same-site (one leading slash) and containing
 * letters, as spec 002 §2.2 keeps `next` only then. Anything else gives null.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (!/[a-z]/i.test(value)) return null;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`)) return null;
  return value;
}

/** Login address that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const next = safeNext(path);
  return next ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}` : LOGIN_PATH;
}

/** Where `/` sends the user: the `next` query value when safe, else their home. */
export function homeTarget(search: string, home = HOME_PATH): string {
  return safeNext(new URLSearchParams(search).get('next')) ?? home;
}
